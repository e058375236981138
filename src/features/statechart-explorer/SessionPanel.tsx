import { useId, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AnyEventObject } from 'xstate';
import { Button } from '../../ui/Button';
import {
  acceptedEvents,
  displayJson,
  pendingDelays,
  type AcceptedEvent,
  type ActorSession,
  type RunningInvoke,
  type SessionState,
  Simulation,
} from './actorSession';
import { eventSample } from './eventSamples';
import { statePath, type StatechartGraph } from './statechartGraph';
import styles from './StatechartExplorerPage.module.css';

/** The output a settled call gets unless edited: the API's success envelope. */
const DEFAULT_DONE_OUTPUT = '{ "code": 200, "msg": "ok", "data": null }';
const DEFAULT_ERROR = 'Network down';

type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

function parseJson(text: string): Parsed {
  try {
    const value: unknown = JSON.parse(text);
    return { ok: true, value };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

function isEvent(value: unknown): value is AnyEventObject {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    'type' in value &&
    typeof value.type === 'string' &&
    value.type.trim() !== ''
  );
}

/** An event typed as JSON: parsed and checked before anything is sent. */
function EventForm({
  initial,
  submitLabel,
  label,
  onSend,
}: {
  initial: string;
  submitLabel: string;
  label: string;
  onSend: (event: AnyEventObject) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const [text, setText] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    const parsed = parseJson(text);
    if (!parsed.ok) {
      setProblem(t`This is not valid JSON (${parsed.message}). Nothing was sent.`);
      return;
    }
    if (!isEvent(parsed.value)) {
      setProblem(t`An event is a JSON object with a "type" text, such as { "type": "OPEN" }. Nothing was sent.`);
      return;
    }
    setProblem(null);
    onSend(parsed.value);
  };
  return (
    <form className={styles.jsonForm} onSubmit={submit}>
      <label htmlFor={id} className={styles.jsonLabel}>
        {label}
      </label>
      <textarea
        id={id}
        className={styles.jsonInput}
        value={text}
        rows={Math.min(10, text.split('\n').length + 1)}
        spellCheck={false}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(change) => setText(change.target.value)}
      />
      {problem ? (
        <p id={`${id}-problem`} className={styles.formProblem} role="alert">
          {problem}
        </p>
      ) : null}
      <Button type="submit" size="sm" variant="primary">
        {submitLabel}
      </Button>
    </form>
  );
}

function EventRow({ machineId, accepted, send }: { machineId: string; accepted: AcceptedEvent; send: (event: AnyEventObject) => void }) {
  const { t } = useLingui();
  const sample = eventSample(machineId, accepted.type);
  const note = accepted.enabled ? t`taken now` : t`ignored now (a guard says no)`;
  return (
    <li className={styles.eventRow} data-event={accepted.type}>
      <div className={styles.eventHead}>
        <code className={styles.eventName}>{accepted.type}</code>
        <span className={accepted.enabled ? styles.badgeOk : styles.badgeMuted}>{note}</span>
      </div>
      {sample ? (
        <EventForm initial={displayJson(sample)} label={t`Payload of ${accepted.type}`} submitLabel={t`Send ${accepted.type}`} onSend={send} />
      ) : (
        <Button size="sm" variant="primary" onClick={() => send({ type: accepted.type })}>
          <Trans>Send {accepted.type}</Trans>
        </Button>
      )}
    </li>
  );
}

function errorFrom(text: string): Error {
  const parsed = parseJson(text);
  if (parsed.ok && typeof parsed.value === 'object' && parsed.value !== null && !Array.isArray(parsed.value)) {
    const fields = parsed.value;
    return Object.assign(new Error('message' in fields && typeof fields.message === 'string' ? fields.message : 'error'), fields);
  }
  return new Error(text);
}

function SettleInvoke({ invoke, simulation }: { invoke: RunningInvoke; simulation: Simulation }) {
  const { t } = useLingui();
  const outputId = useId();
  const errorId = useId();
  const [output, setOutput] = useState(DEFAULT_DONE_OUTPUT);
  const [errorText, setErrorText] = useState(DEFAULT_ERROR);
  const [problem, setProblem] = useState<string | null>(null);
  const settleDone = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    const parsed = parseJson(output);
    if (!parsed.ok) {
      setProblem(t`The output is not valid JSON (${parsed.message}). Nothing was settled.`);
      return;
    }
    setProblem(null);
    simulation.settle(invoke.actorId, { done: parsed.value });
  };
  const settleError = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    simulation.settle(invoke.actorId, { error: errorFrom(errorText) });
  };
  return (
    <li className={styles.invokeRow} data-invoke={invoke.actorId}>
      <div className={styles.eventHead}>
        <code className={styles.eventName}>{invoke.actorId}</code>
        {invoke.src !== invoke.actorId ? <span className={styles.muted}>({invoke.src})</span> : null}
      </div>
      {invoke.input ? (
        <details className={styles.inlineDetails}>
          <summary>
            <Trans>Its input</Trans>
          </summary>
          <pre className={styles.json} tabIndex={0}>
            {invoke.input}
          </pre>
        </details>
      ) : null}
      {invoke.handlesDone ? (
        <form className={styles.jsonForm} onSubmit={settleDone}>
          <label htmlFor={outputId} className={styles.jsonLabel}>
            <Trans>Output of {invoke.actorId} (JSON)</Trans>
          </label>
          <textarea
            id={outputId}
            className={styles.jsonInput}
            value={output}
            rows={3}
            spellCheck={false}
            aria-invalid={problem ? true : undefined}
            onChange={(change) => setOutput(change.target.value)}
          />
          {problem ? (
            <p className={styles.formProblem} role="alert">
              {problem}
            </p>
          ) : null}
          <Button type="submit" size="sm" variant="primary">
            <Trans>Settle {invoke.actorId}: done</Trans>
          </Button>
        </form>
      ) : null}
      {invoke.handlesError ? (
        <form className={styles.jsonForm} onSubmit={settleError}>
          <label htmlFor={errorId} className={styles.jsonLabel}>
            <Trans>
              Error of {invoke.actorId}: a message, or JSON such as {'{ "message": "Offline", "kind": "network" }'}
            </Trans>
          </label>
          <input id={errorId} className={styles.textInput} value={errorText} onChange={(change) => setErrorText(change.target.value)} />
          <Button type="submit" size="sm" variant="danger">
            <Trans>Settle {invoke.actorId}: error</Trans>
          </Button>
        </form>
      ) : null}
      {!invoke.handlesDone && !invoke.handlesError ? (
        <p className={styles.muted}>
          <Trans>The machine does not wait for its result: it runs until its state is left.</Trans>
        </p>
      ) : null}
    </li>
  );
}

function stateValueText(state: SessionState): string {
  return state.snapshot ? displayJson(state.snapshot.value, 0) : '';
}

function timeOf(at: number): string {
  const date = new Date(at);
  return `${date.toLocaleTimeString(undefined, { hour12: false })}.${String(date.getMilliseconds()).padStart(3, '0')}`;
}

interface SessionPanelProps {
  graph: StatechartGraph;
  session: ActorSession;
  state: SessionState;
}

/** What the explorer shows and offers for the running actor: state, context, events to send, results, timers, log. */
export function SessionPanel({ graph, session, state }: SessionPanelProps) {
  const { t } = useLingui();
  const simulation = session instanceof Simulation ? session : null;
  const { snapshot } = state;
  const accepted = snapshot ? acceptedEvents(snapshot) : [];
  const delays = snapshot ? pendingDelays(snapshot) : [];
  const activeLeaves = snapshot
    ? snapshot._nodes.filter((node) => node.type === 'atomic' || node.type === 'final').map((node) => statePath(graph, node.id))
    : [];
  const tags = snapshot ? [...snapshot.tags] : [];

  return (
    <div className={styles.sessionPanel}>
      <section aria-labelledby={`${graph.machineId}-state`} className={styles.panelSection}>
        <h3 id={`${graph.machineId}-state`}>
          <Trans>Current state</Trans>
        </h3>
        {state.failure ? (
          <p className={styles.formProblem} role="alert">
            <Trans>The actor stopped with an error: {state.failure}</Trans>
          </p>
        ) : null}
        {snapshot ? (
          <>
            <p className={styles.stateLine}>
              <span className={styles.muted}>
                <Trans>Active:</Trans>
              </span>{' '}
              <output data-testid="active-states" className={styles.activeStates}>
                {activeLeaves.join(', ')}
              </output>
            </p>
            <p className={styles.stateLine}>
              <span className={styles.muted}>
                <Trans>Value:</Trans>
              </span>{' '}
              <code>{stateValueText(state)}</code>
              {snapshot.status !== 'active' ? <span className={styles.badgeMuted}>{snapshot.status}</span> : null}
            </p>
            {tags.length ? (
              <p className={styles.stateLine}>
                <span className={styles.muted}>
                  <Trans>Tags:</Trans>
                </span>{' '}
                {tags.map((tag) => (
                  <code key={tag} className={styles.tag}>
                    #{tag}
                  </code>
                ))}
              </p>
            ) : null}
            <details className={styles.inlineDetails}>
              <summary>
                <Trans>Context (read-only JSON)</Trans>
              </summary>
              <pre className={styles.json} tabIndex={0}>
                {displayJson(snapshot.context)}
              </pre>
            </details>
          </>
        ) : state.failure ? null : (
          <p className={styles.muted} role="status">
            <Trans>Starting…</Trans>
          </p>
        )}
        {simulation ? (
          <Button size="sm" onClick={() => simulation.reset()}>
            <Trans>Reset the simulation</Trans>
          </Button>
        ) : null}
      </section>

      <section aria-labelledby={`${graph.machineId}-events`} className={styles.panelSection}>
        <h3 id={`${graph.machineId}-events`}>
          <Trans>Events the current state accepts</Trans>
        </h3>
        {accepted.length ? (
          <ul className={styles.eventList}>
            {accepted.map((event) => (
              <EventRow key={event.type} machineId={graph.machineId} accepted={event} send={(sent) => session.send(sent)} />
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>
            <Trans>None: no active state has a transition for an event from outside.</Trans>
          </p>
        )}
        <details className={styles.inlineDetails}>
          <summary>
            <Trans>Send any event (JSON)</Trans>
          </summary>
          <EventForm initial={'{ "type": "" }'} label={t`Event (JSON)`} submitLabel={t`Send this event`} onSend={(sent) => session.send(sent)} />
        </details>
      </section>

      <section aria-labelledby={`${graph.machineId}-invokes`} className={styles.panelSection}>
        <h3 id={`${graph.machineId}-invokes`}>
          <Trans>Invoked actors running</Trans>
        </h3>
        {state.invokes.length === 0 ? (
          <p className={styles.muted}>
            <Trans>None.</Trans>
          </p>
        ) : simulation ? (
          <ul className={styles.eventList}>
            {state.invokes.map((invoke) => (
              <SettleInvoke key={invoke.actorId} invoke={invoke} simulation={simulation} />
            ))}
          </ul>
        ) : (
          <ul className={styles.plainList}>
            {state.invokes.map((invoke) => (
              <li key={invoke.actorId}>
                <code>{invoke.actorId}</code>
                {invoke.src !== invoke.actorId ? ` (${invoke.src})` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby={`${graph.machineId}-timers`} className={styles.panelSection}>
        <h3 id={`${graph.machineId}-timers`}>
          <Trans>Delayed transitions waiting</Trans>
        </h3>
        {delays.length === 0 ? (
          <p className={styles.muted}>
            <Trans>None.</Trans>
          </p>
        ) : (
          <ul className={simulation ? styles.eventList : styles.plainList}>
            {delays.map((delay) => {
              const ms = delay.ms === null ? '' : ` (${delay.ms} ms)`;
              return (
                <li key={delay.eventType}>
                  {simulation ? (
                    <Button size="sm" variant="primary" onClick={() => simulation.fire(delay)}>
                      <Trans>
                        Fire after {delay.delay}
                        {ms}
                      </Trans>
                    </Button>
                  ) : (
                    <span>
                      <code>after {delay.delay}</code>
                      {ms} · {statePath(graph, delay.stateId)}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {!simulation && delays.length ? (
          <p className={styles.muted}>
            <Trans>These fire on their own in the running app.</Trans>
          </p>
        ) : null}
      </section>

      <section aria-labelledby={`${graph.machineId}-log`} className={styles.panelSection}>
        <h3 id={`${graph.machineId}-log`}>
          <Trans>What happened (newest first)</Trans>
        </h3>
        {state.log.length === 0 ? (
          <p className={styles.muted}>
            <Trans>Nothing yet: events, actions and invoked actors show here as they happen.</Trans>
          </p>
        ) : (
          // Focusable: it scrolls, and keyboard users must be able to scroll it too.
          <div className={styles.log} role="log" aria-label={t`Log of ${graph.machineId}`} tabIndex={0}>
            <ol className={styles.logList}>
              {/* Newest first: what just happened is where the eye is. */}
              {[...state.log].reverse().map((entry) => (
                <li key={entry.seq} className={styles[`log_${entry.kind}`]}>
                  <span className={styles.logTime}>{timeOf(entry.at)}</span> <span className={styles.logKind}>{entry.kind}</span>{' '}
                  <code>{entry.text}</code>
                  {entry.detail ? (
                    <details className={styles.logDetail}>
                      <summary>
                        <Trans>data</Trans>
                      </summary>
                      <pre className={styles.json} tabIndex={0}>
                        {entry.detail}
                      </pre>
                    </details>
                  ) : null}
                </li>
              ))}
            </ol>
          </div>
        )}
      </section>
    </div>
  );
}
