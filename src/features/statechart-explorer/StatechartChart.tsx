import { Suspense, use, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LoadBoundary } from '../../ui/LoadBoundary';
import { SegmentedControl } from '../../ui/SegmentedControl';
import { estimateTextWidth, layoutStatechart, TEXT_SIZE, type ChartLayout, type MeasureText, type TextStyle } from './layout';
import { statePath, type StatechartGraph } from './statechartGraph';
import { StatechartSvg } from './StatechartSvg';
import styles from './StatechartExplorerPage.module.css';

// One layout per machine for the page's lifetime: a machine's definition does not change while it runs.
const layouts = new Map<string, Promise<ChartLayout>>();

let canvasContext: CanvasRenderingContext2D | null | undefined;

/** Widths measured with the page's own font, as the chart will draw them. */
const measureText: MeasureText = (text: string, style: TextStyle) => {
  if (canvasContext === undefined) canvasContext = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!canvasContext) return estimateTextWidth(text, style);
  const family = getComputedStyle(document.body).fontFamily || 'sans-serif';
  canvasContext.font = `${style === 'title' ? '600 ' : ''}${TEXT_SIZE[style]}px ${family}`;
  return canvasContext.measureText(text).width;
};

function chartLayout(graph: StatechartGraph): Promise<ChartLayout> {
  let layout = layouts.get(graph.machineId);
  if (!layout) {
    layout = layoutStatechart(graph, measureText);
    // A failed layout (the chunk did not arrive) is tried again next time instead of staying failed.
    layout.catch(() => layouts.delete(graph.machineId));
    layouts.set(graph.machineId, layout);
  }
  return layout;
}

type Zoom = 'fit' | '0.75' | '1' | '1.5';

interface ChartProps {
  graph: StatechartGraph;
  activeIds: ReadonlySet<string>;
}

function LaidOutChart({ graph, activeIds, zoom }: ChartProps & { zoom: Zoom }) {
  const { t } = useLingui();
  const layout = use(chartLayout(graph));
  const active = [...activeIds]
    .filter((id) => graph.nodes.some((node) => node.id === id && node.childIds.length === 0))
    .map((id) => statePath(graph, id));
  const label = active.length
    ? t`Statechart of ${graph.machineId}: ${graph.nodes.length} states, ${graph.edges.length} transitions. Active: ${active.join(', ')}.`
    : t`Statechart of ${graph.machineId}: ${graph.nodes.length} states, ${graph.edges.length} transitions.`;
  return <StatechartSvg layout={layout} activeIds={activeIds} label={label} zoom={zoom === 'fit' ? 'fit' : Number(zoom)} />;
}

/** The laid-out chart in a scrolling frame, with a zoom choice; the layout library loads on first use. */
export function StatechartChart({ graph, activeIds }: ChartProps) {
  const { t } = useLingui();
  const [zoom, setZoom] = useState<Zoom>('fit');
  return (
    <div className={styles.chartBlock}>
      <div className={styles.chartToolbar}>
        <SegmentedControl<Zoom>
          legend={t`Chart size`}
          name={`zoom-${graph.machineId}`}
          value={zoom}
          onChange={setZoom}
          options={[
            { value: 'fit', label: t`Fit width` },
            { value: '0.75', label: '75 %' },
            { value: '1', label: '100 %' },
            { value: '1.5', label: '150 %' },
          ]}
        />
      </div>
      <div className={styles.chartFrame} tabIndex={0} aria-label={t`Chart of ${graph.machineId}, scrolls when wider than the page`} role="group">
        <LoadBoundary
          key={graph.machineId}
          fallback={(error) => (
            <p role="alert" className={styles.chartMessage}>
              <Trans>The chart could not be drawn: {error.message}. The text version below lists the same states and transitions.</Trans>
            </p>
          )}
        >
          <Suspense
            fallback={
              <p className={styles.chartMessage} role="status">
                <Trans>Laying out the chart…</Trans>
              </p>
            }
          >
            <LaidOutChart graph={graph} activeIds={activeIds} zoom={zoom} />
          </Suspense>
        </LoadBoundary>
      </div>
    </div>
  );
}
