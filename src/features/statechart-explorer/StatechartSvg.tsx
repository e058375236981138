import { useId } from 'react';
import { BOX_PADDING, LINE_HEIGHTS, TEXT_SIZE, boxTitle, type ChartLayout, type PlacedBox, type PlacedEdge, type Point } from './layout';
import styles from './StatechartExplorerPage.module.css';

interface StatechartSvgProps {
  layout: ChartLayout;
  /** The ids of the active state nodes: their boxes and the transitions leaving them are highlighted. */
  activeIds: ReadonlySet<string>;
  /** What a screen reader hears for the whole picture. */
  label: string;
  /** 'fit': never wider than the frame; a number: that scale, scrolling sideways when wider. */
  zoom: 'fit' | number;
}

function pathOf(points: readonly Point[]): string {
  return points.map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x.toFixed(1)} ${point.y.toFixed(1)}`).join(' ');
}

function boxClass(box: PlacedBox, active: boolean): string {
  const { node } = box;
  return [
    styles.box,
    node.childIds.length ? styles.compoundBox : styles.atomicBox,
    node.isRegion ? styles.regionBox : '',
    node.parentId === null ? styles.rootBox : '',
    active ? styles.activeBox : '',
  ].join(' ');
}

function StateBox({ box, active }: { box: PlacedBox; active: boolean }) {
  const { node, x, y, width, height, lines } = box;
  const titleY = y + BOX_PADDING.y + TEXT_SIZE.title;
  return (
    <g className={boxClass(box, active)} data-state-id={node.id} data-active={active || undefined}>
      <rect x={x} y={y} width={width} height={height} rx={node.parentId === null ? 12 : 8} className={styles.boxFrame} />
      {node.type === 'final' ? <rect x={x + 3} y={y + 3} width={width - 6} height={height - 6} rx={6} className={styles.boxFrameInner} /> : null}
      <text x={x + BOX_PADDING.x} y={titleY} className={styles.boxTitle}>
        {boxTitle(node)}
      </text>
      {lines.map((line, index) => (
        <text
          key={index}
          x={x + BOX_PADDING.x}
          y={titleY + LINE_HEIGHTS.meta * (index + 1)}
          className={`${styles.boxLine} ${styles[`line_${line.kind}`] ?? ''}`}
        >
          {line.text}
        </text>
      ))}
    </g>
  );
}

function describeEdge(placed: PlacedEdge): string {
  const { edge } = placed;
  const actions = edge.actions.length ? ` / ${edge.actions.join(', ')}` : '';
  return `${edge.label} → ${placed.targetId}${actions}`;
}

function Arrow({ placed, available, markerId }: { placed: PlacedEdge; available: boolean; markerId: string }) {
  return (
    <g className={`${styles.edge} ${available ? styles.availableEdge : ''}`} data-edge-id={placed.edge.id}>
      <title>{describeEdge(placed)}</title>
      <path d={pathOf(placed.points)} className={styles.edgePath} markerEnd={`url(#${markerId})`} />
    </g>
  );
}

function EdgeLabel({ placed, available }: { placed: PlacedEdge; available: boolean }) {
  const { label } = placed;
  if (!label) return null;
  return (
    <g className={`${styles.edgeLabel} ${available ? styles.availableEdge : ''}`}>
      <rect x={label.x} y={label.y} width={label.width} height={label.height} rx={3} className={styles.edgeLabelBack} />
      <text x={label.x + label.width / 2} y={label.y + label.height - 4} textAnchor="middle" className={styles.edgeLabelText}>
        {label.text}
      </text>
    </g>
  );
}

/** The chart itself: nested state boxes, arrows with their labels, initial dots; a picture with one label. */
export function StatechartSvg({ layout, activeIds, label, zoom }: StatechartSvgProps) {
  // Marker ids must be unique in the document and plain enough for url(#...).
  const uid = useId().replace(/[^A-Za-z0-9_-]/g, '');
  const marker = `arrow-${uid}`;
  const activeMarker = `arrow-active-${uid}`;
  const width = zoom === 'fit' ? layout.width : Math.round(layout.width * zoom);
  const height = zoom === 'fit' ? layout.height : Math.round(layout.height * zoom);
  return (
    <svg
      role="img"
      aria-label={label}
      className={zoom === 'fit' ? `${styles.chart} ${styles.chartFit}` : styles.chart}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      width={width}
      height={height}
    >
      <defs>
        <marker id={marker} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0 0 L10 5 L0 10 z" className={styles.arrowHead} />
        </marker>
        <marker id={activeMarker} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0 0 L10 5 L0 10 z" className={styles.arrowHeadActive} />
        </marker>
      </defs>
      {layout.boxes.map((box) => (
        <StateBox key={box.node.id} box={box} active={activeIds.has(box.node.id)} />
      ))}
      {layout.initialMarkers.map((initial) => (
        <g key={initial.parentId} className={styles.initialMarker}>
          <circle cx={initial.dot.x} cy={initial.dot.y} r={4.5} />
          <path d={pathOf(initial.points)} markerEnd={`url(#${marker})`} />
        </g>
      ))}
      {layout.edges.map((placed) => {
        const available = activeIds.has(placed.edge.sourceId);
        return <Arrow key={placed.key} placed={placed} available={available} markerId={available ? activeMarker : marker} />;
      })}
      {layout.edges.map((placed) => (
        <EdgeLabel key={placed.key} placed={placed} available={activeIds.has(placed.edge.sourceId)} />
      ))}
    </svg>
  );
}
