/**
 * The model-based path runner (docs/architecture.md, "Model-based tests"): generate paths through a machine's
 * state graph, replay each against a real actor with controllable fakes, and measure which states and transitions
 * ran.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AnyEventObject, AnyStateMachine, InputFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { generatePaths, type GeneratePathsOptions, type PathEvents } from './runner/paths';
import { replayPath, type ReplayOptions } from './runner/replay';
import { MachineCoverage, type CoverageReport } from './runner/coverage';

export { after, carriedValue, done, failure, defaultEventLabel, type PathEvent } from './runner/events';
export { generatePaths, type MachinePath } from './runner/paths';
export { replayPath, type ActionCall, type Invocation } from './runner/replay';
export { MachineCoverage } from './runner/coverage';

// import.meta.dirname, not new URL(): happy-dom replaces the global URL with one node:url rejects.
export const COVERAGE_DIR = resolve(import.meta.dirname, '../../reports/machine-coverage');

function writeCoverageReport(report: CoverageReport): void {
  mkdirSync(COVERAGE_DIR, { recursive: true });
  writeFileSync(join(COVERAGE_DIR, `${report.id}.json`), `${JSON.stringify(report, null, 2)}\n`);
}

interface StepSnapshot<TState, TContext> {
  context: TContext;
  matches(state: TState): boolean;
}

/**
 * Reads a replayed step: the context after it and before it, where the machine is, where it was before the step,
 * and what the step entered.
 */
export function readStep<TState, TContext>(snapshot: StepSnapshot<TState, TContext>, previous: StepSnapshot<TState, TContext> | undefined) {
  const is = (state: TState) => snapshot.matches(state);
  const was = (state: TState) => previous?.matches(state) === true;
  return { context: snapshot.context, before: previous?.context, is, was, entered: (state: TState) => is(state) && !was(state) };
}

/** One starting point of the machine (e.g. "with a stored login"); paths are generated per scenario. */
interface Scenario<TMachine extends AnyStateMachine> {
  name: string;
  input: InputFrom<TMachine>;
  /** Events for this scenario instead of the shared ones. */
  events?: PathEvents<TMachine>;
}

export interface MachinePathsConfig<TMachine extends AnyStateMachine>
  extends Omit<GeneratePathsOptions<TMachine>, 'input' | 'events'>, Omit<ReplayOptions<TMachine>, 'machine' | 'input' | 'coverage'> {
  machine: TMachine;
  events: PathEvents<TMachine>;
  /** Without scenarios the machine starts once, with `input` (if it takes any). */
  input?: InputFrom<TMachine>;
  scenarios?: ReadonlyArray<Scenario<TMachine>>;
  eventLabel?: (event: AnyEventObject) => string;
}

/**
 * Registers one test per generated path (named by its events) and a final test that requires every state and
 * transition to have been taken, writing `reports/machine-coverage/<id>.json`.
 */
export function describeMachinePaths<TMachine extends AnyStateMachine>(name: string, config: MachinePathsConfig<TMachine>): void {
  const coverage = new MachineCoverage(config.machine);
  const scenarios: ReadonlyArray<Scenario<TMachine>> = config.scenarios ?? [{ name: '', input: config.input as InputFrom<TMachine> }];

  describe(name, () => {
    for (const scenario of scenarios) {
      const paths = generatePaths(config.machine, {
        events: scenario.events ?? config.events,
        input: scenario.input,
        ...(config.serializeContext ? { serializeContext: config.serializeContext } : {}),
        ...(config.maxSimplePaths === undefined ? {} : { maxSimplePaths: config.maxSimplePaths }),
        ...(config.eventLabel ? { eventLabel: config.eventLabel } : {}),
      });
      const prefix = scenario.name ? `[${scenario.name}] ` : '';
      for (const path of paths) {
        it(`${prefix}${path.description}`, async () => {
          await replayPath(path, {
            machine: config.machine,
            input: scenario.input,
            coverage,
            ...(config.provide ? { provide: config.provide } : {}),
            ...(config.callbacks ? { callbacks: config.callbacks } : {}),
            ...(config.receivers ? { receivers: config.receivers } : {}),
            ...(config.assertState ? { assertState: config.assertState } : {}),
          });
        });
      }
    }

    it('covers every state and transition', () => {
      const report = coverage.report();
      writeCoverageReport(report);
      expect({ uncoveredStates: report.uncoveredStates, uncoveredTransitions: report.uncoveredTransitions }).toEqual({
        uncoveredStates: [],
        uncoveredTransitions: [],
      });
    });
  });
}
