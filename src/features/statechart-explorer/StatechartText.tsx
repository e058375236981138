import { Trans, useLingui } from '@lingui/react/macro';
import { statePath, type StatechartEdge, type StatechartGraph, type StatechartNode } from './statechartGraph';
import styles from './StatechartExplorerPage.module.css';

function targetText(graph: StatechartGraph, edge: StatechartEdge): string {
  if (edge.internal) return '';
  return ` → ${edge.targetIds.map((id) => statePath(graph, id)).join(', ')}${edge.reenter && edge.self ? ' (re-enter)' : ''}`;
}

function StateItem({ graph, node, activeIds }: { graph: StatechartGraph; node: StatechartNode; activeIds: ReadonlySet<string> }) {
  const { t } = useLingui();
  const byId = new Map(graph.nodes.map((candidate) => [candidate.id, candidate]));
  const facts = [
    node.type === 'atomic' ? null : node.type,
    node.isInitial ? t`initial` : null,
    node.isRegion ? t`region` : null,
    activeIds.has(node.id) ? t`active now` : null,
    node.tags.length ? t`tags: ${node.tags.join(', ')}` : null,
    ...node.invokes.map((invoke) => t`invokes ${invoke.src} as ${invoke.id}`),
    node.entry.length ? t`entry: ${node.entry.join(', ')}` : null,
    node.exit.length ? t`exit: ${node.exit.join(', ')}` : null,
  ].filter((fact): fact is string => fact !== null);
  const transitions = graph.edges.filter((edge) => edge.sourceId === node.id);
  const children = node.childIds.map((id) => byId.get(id)).filter((child): child is StatechartNode => child !== undefined);
  return (
    <li>
      <span className={activeIds.has(node.id) ? styles.textActive : undefined}>
        <code>{node.key}</code>
        {facts.length ? ` (${facts.join('; ')})` : ''}
      </span>
      {transitions.length ? (
        <ul className={styles.textTransitions}>
          {transitions.map((edge) => (
            <li key={edge.id}>
              <code>{edge.label}</code>
              {targetText(graph, edge)}
              {edge.actions.length ? ` / ${edge.actions.join(', ')}` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      {children.length ? (
        <ul>
          {children.map((child) => (
            <StateItem key={child.id} graph={graph} node={child} activeIds={activeIds} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The chart as nested lists, for screen readers and for searching the page. */
export function StatechartText({ graph, activeIds }: { graph: StatechartGraph; activeIds: ReadonlySet<string> }) {
  const root = graph.nodes.find((node) => node.id === graph.rootId);
  if (!root) return null;
  return (
    <details className={styles.textFallback}>
      <summary>
        <Trans>
          States and transitions as text ({graph.nodes.length} states, {graph.edges.length} transitions)
        </Trans>
      </summary>
      <ul className={styles.textTree}>
        <StateItem graph={graph} node={root} activeIds={activeIds} />
      </ul>
    </details>
  );
}
