/**
 * The statechart explorer (`/__machines`, demo mode only): every machine of the catalogue drawn as a
 * statechart; the app's global actors followed live and driven by their events; any other machine run as a
 * simulation whose calls and timers wait for QA; each definition exported as JSON for Stately's editor.
 */
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { Link, useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AnyActorRef } from 'xstate';
import { machineCatalogue, type CatalogueEntry } from '../../../machines/index';
import { useAppActor } from '../../actors/AppActorContext';
import { useInspect } from '../../actors/inspection';
import type { AppActor } from '../../actors/app';
import { Button } from '../../ui/Button';
import { copyText } from '../../ui/copyText';
import { LiveSession, Simulation, type ActorSession } from './actorSession';
import { SessionPanel } from './SessionPanel';
import { StatechartChart } from './StatechartChart';
import { statechartGraph, type StatechartGraph } from './statechartGraph';
import { statechartFileName, statechartImportCode, statechartJsonText } from './statechartJson';
import { StatechartText } from './StatechartText';
import styles from './StatechartExplorerPage.module.css';

const PAGE_PATH = '/__machines';

function machineHref(id: string): string {
  return `${PAGE_PATH}?machine=${encodeURIComponent(id)}`;
}

/** The running global actor of this machine, if the app runs one: the app itself or one of its system's actors. */
function globalActorOf(app: AppActor, entry: CatalogueEntry): AnyActorRef | null {
  const registered: AnyActorRef | undefined = app.system.get(entry.id);
  const candidates: Array<AnyActorRef | undefined> = [app, registered];
  for (const actor of candidates) {
    const snapshot: unknown = actor?.getSnapshot();
    const machine: unknown = typeof snapshot === 'object' && snapshot !== null && 'machine' in snapshot ? snapshot.machine : null;
    const machineId = typeof machine === 'object' && machine !== null && 'id' in machine ? machine.id : undefined;
    if (actor && machineId === entry.machine.id) return actor;
  }
  return null;
}

function useActorSession(entry: CatalogueEntry): { session: ActorSession; live: boolean } {
  const app = useAppActor();
  const inspect = useInspect();
  const live = globalActorOf(app, entry);
  const session = useMemo<ActorSession>(
    () => (live ? new LiveSession(live, app.system) : new Simulation(entry.machine, entry.sampleInput, inspect)),
    [live, app, entry, inspect],
  );
  useEffect(() => {
    session.start();
    return () => session.stop();
  }, [session]);
  return { session, live: live !== null };
}

function download(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function ExportActions({ entry }: { entry: CatalogueEntry }) {
  const { t } = useLingui();
  return (
    <div className={styles.exportActions}>
      <Button size="sm" onClick={() => download(statechartFileName(entry.id), statechartJsonText(entry.machine, entry.description))}>
        <Trans>Download JSON</Trans>
      </Button>
      <Button
        size="sm"
        onClick={() => void copyText(statechartJsonText(entry.machine, entry.description), t`The ${entry.id} definition is copied as JSON.`)}
      >
        <Trans>Copy JSON</Trans>
      </Button>
      <Button
        size="sm"
        onClick={() => void copyText(statechartImportCode(entry.machine, entry.description), t`Copied: paste it into Stately’s “Import from code”.`)}
      >
        <Trans>Copy for Stately import</Trans>
      </Button>
    </div>
  );
}

function MachinePanel({ entry, graph }: { entry: CatalogueEntry; graph: StatechartGraph }) {
  const { session, live } = useActorSession(entry);
  const state = useSyncExternalStore(session.subscribe, session.getState);
  const activeIds = useMemo(() => new Set(state.snapshot?._nodes.map((node) => node.id) ?? []), [state.snapshot]);
  return (
    <article className={styles.machine} aria-labelledby="machine-title">
      <header className={styles.machineHeader}>
        <div>
          <h2 id="machine-title" className={styles.machineTitle}>
            <code>{entry.id}</code>{' '}
            <span className={live ? styles.badgeLive : styles.badgeSimulation}>{live ? <Trans>live</Trans> : <Trans>simulation</Trans>}</span>
          </h2>
          <p className={styles.muted}>{entry.description}</p>
          <p className={styles.modeNote}>
            {live ? (
              <Trans>This is the app’s running actor: the chart follows it, and the events you send here act on the app itself.</Trans>
            ) : (
              <Trans>
                A fresh actor of this machine, for trying it out: invoked actors wait for you to settle them, timers wait for you to fire them, and
                actions with side effects are logged, not run.
              </Trans>
            )}
          </p>
        </div>
        <ExportActions entry={entry} />
      </header>
      <div className={styles.machineBody}>
        <div className={styles.chartColumn}>
          <StatechartChart graph={graph} activeIds={activeIds} />
          <StatechartText graph={graph} activeIds={activeIds} />
        </div>
        <SessionPanel graph={graph} session={session} state={state} />
      </div>
    </article>
  );
}

function MachineList({ selectedId, liveIds }: { selectedId: string; liveIds: ReadonlySet<string> }) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Machines`} className={styles.machineList}>
      <ul>
        {machineCatalogue.map((entry) => (
          <li key={entry.id}>
            <Link href={machineHref(entry.id)} className={styles.machineLink} aria-current={entry.id === selectedId ? 'page' : undefined}>
              <span className={styles.machineLinkHead}>
                <code>{entry.id}</code>
                {liveIds.has(entry.id) ? <span className={styles.badgeLive}>{t`live`}</span> : null}
              </span>
              <span className={styles.machineLinkText}>{entry.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function StatechartExplorerPage() {
  const app = useAppActor();
  const requested = new URLSearchParams(useSearch()).get('machine');
  const entry = machineCatalogue.find((candidate) => candidate.id === requested) ?? machineCatalogue[0];
  const graph = useMemo(() => (entry ? statechartGraph(entry.machine) : null), [entry]);
  const liveIds = useMemo(
    () => new Set(machineCatalogue.filter((candidate) => globalActorOf(app, candidate)).map((candidate) => candidate.id)),
    [app],
  );

  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <h1>
          <Trans>Statechart explorer</Trans>
        </h1>
        <p className={styles.muted}>
          <Trans>
            Every flow of the app is one of these statecharts. Pick a machine to see its states and transitions; the global ones show their live
            state.
          </Trans>
        </p>
        {requested && entry?.id !== requested ? (
          <p role="alert" className={styles.formProblem}>
            <Trans>There is no machine “{requested}”: showing the first one.</Trans>
          </p>
        ) : null}
      </header>
      <div className={styles.layout}>
        <MachineList selectedId={entry?.id ?? ''} liveIds={liveIds} />
        {entry && graph ? <MachinePanel key={entry.id} entry={entry} graph={graph} /> : null}
      </div>
    </div>
  );
}
