/**
 * Places a statechart with ELK's layered algorithm: states as boxes nested in their parents (hierarchy handled
 * in one pass), transitions as routed arrows with their labels, and a small dot for each initial state. The
 * layout library is large, so it is imported on demand: it lands in its own chunk, loaded by the explorer only.
 */
import type { ELK, ElkExtendedEdge, ElkNode, LayoutOptions } from 'elkjs/lib/elk-api';
import type { StatechartEdge, StatechartGraph, StatechartNode } from './statechartGraph';

/** The kinds of text a chart draws; the renderer uses the same sizes. */
export type TextStyle = 'title' | 'meta' | 'label';
export type MeasureText = (text: string, style: TextStyle) => number;

export const TEXT_SIZE: Record<TextStyle, number> = { title: 13, meta: 11.5, label: 11.5 };
const LINE_HEIGHT: Record<TextStyle, number> = { title: 18, meta: 16, label: 15 };
const BOX_PADDING_X = 10;
const BOX_PADDING_Y = 7;
const MIN_BOX_WIDTH = 72;
const INITIAL_DOT = 10;
const LABEL_PADDING_X = 4;

type BoxLineKind = 'tags' | 'invoke' | 'entry' | 'exit' | 'internal';

interface BoxLine {
  kind: BoxLineKind;
  text: string;
}

export interface Point {
  x: number;
  y: number;
}

export interface PlacedBox {
  node: StatechartNode;
  x: number;
  y: number;
  width: number;
  height: number;
  /** What the box writes under its name, in order. */
  lines: BoxLine[];
  /** The height of the name and lines: the header of a box that holds child states. */
  headerHeight: number;
}

interface PlacedLabel {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PlacedEdge {
  /** Unique per drawn arrow (a transition with two targets draws two). */
  key: string;
  edge: StatechartEdge;
  targetId: string;
  points: Point[];
  label: PlacedLabel | null;
}

interface PlacedInitialMarker {
  parentId: string;
  targetId: string;
  dot: Point;
  points: Point[];
}

export interface ChartLayout {
  width: number;
  height: number;
  boxes: PlacedBox[];
  edges: PlacedEdge[];
  initialMarkers: PlacedInitialMarker[];
}

/** Transitions drawn inside their state instead of as arrows: targetless ones and those back to themselves. */
function isDrawnInside(edge: StatechartEdge): boolean {
  return edge.internal || edge.self;
}

function actionsSuffix(actions: readonly string[]): string {
  return actions.length ? ` / ${actions.join(', ')}` : '';
}

/** The lines a state's box writes under its name. */
function boxLines(node: StatechartNode, graph: StatechartGraph): BoxLine[] {
  const lines: BoxLine[] = [];
  if (node.tags.length) lines.push({ kind: 'tags', text: node.tags.map((tag) => `#${tag}`).join(' ') });
  for (const invoke of node.invokes) {
    const name = invoke.src === invoke.id ? invoke.src : `${invoke.src} (${invoke.id})`;
    lines.push({ kind: 'invoke', text: `invoke: ${name}${invoke.systemId ? ` · system id ${invoke.systemId}` : ''}` });
  }
  if (node.entry.length) lines.push({ kind: 'entry', text: `entry / ${node.entry.join(', ')}` });
  if (node.exit.length) lines.push({ kind: 'exit', text: `exit / ${node.exit.join(', ')}` });
  for (const edge of graph.edges) {
    if (edge.sourceId !== node.id || !isDrawnInside(edge)) continue;
    const mark = edge.self ? (edge.reenter ? '↻ ' : '↺ ') : '• ';
    lines.push({ kind: 'internal', text: `${mark}${edge.label}${actionsSuffix(edge.actions)}` });
  }
  return lines;
}

/** A state's name as its box writes it, with its kind when it is not a plain or compound state. */
export function boxTitle(node: StatechartNode): string {
  return node.type === 'parallel' || node.type === 'final' || node.type === 'history' ? `${node.key} · ${node.type}` : node.key;
}

function textBlock(node: StatechartNode, lines: readonly BoxLine[], measure: MeasureText): { width: number; height: number } {
  const widths = [measure(boxTitle(node), 'title'), ...lines.map((line) => measure(line.text, 'meta'))];
  const width = Math.max(MIN_BOX_WIDTH, Math.ceil(Math.max(...widths)) + 2 * BOX_PADDING_X);
  const height = BOX_PADDING_Y * 2 + LINE_HEIGHT.title + lines.length * LINE_HEIGHT.meta;
  return { width, height };
}

/** How every level is laid out: ELK options are not inherited, so each state holding others gets them too. */
const LAYERED_OPTIONS: LayoutOptions = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.edgeLabels.placement': 'CENTER',
  'elk.spacing.nodeNode': '28',
  'elk.spacing.edgeNode': '16',
  'elk.spacing.edgeEdge': '12',
  'elk.spacing.edgeLabel': '4',
  'elk.layered.spacing.nodeNodeBetweenLayers': '36',
  'elk.layered.spacing.edgeNodeBetweenLayers': '16',
  'elk.layered.spacing.edgeEdgeBetweenLayers': '10',
  // (The layers follow the order states are written in through the reversed edges below: ELK's own model-order
  // options fail on nested graphs.)
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
};

const ROOT_OPTIONS: LayoutOptions = {
  ...LAYERED_OPTIONS,
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  // Every coordinate relative to the whole chart, so drawing needs no offsets.
  'elk.json.shapeCoords': 'ROOT',
  'elk.json.edgeCoords': 'ROOT',
  'elk.padding': '[top=0,left=0,bottom=0,right=0]',
};

function initialMarkerId(parentId: string): string {
  return `${parentId}::initial`;
}

interface ElkInput {
  graph: ElkNode;
  lines: Map<string, { lines: BoxLine[]; headerHeight: number }>;
  labels: Map<string, { edge: StatechartEdge; targetId: string; reversed: boolean }>;
}

/** The graph ELK lays out: pure, so it can be checked without the layout library. */
export function elkGraphOf(graph: StatechartGraph, measure: MeasureText): ElkInput {
  const byId = new Map(graph.nodes.map((node) => [node.id, node]));
  const lines = new Map<string, { lines: BoxLine[]; headerHeight: number }>();
  const labels = new Map<string, { edge: StatechartEdge; targetId: string; reversed: boolean }>();
  // Document order (the graph lists nodes depth-first as written).
  const order = new Map(graph.nodes.map((node, index) => [node.id, index]));

  const elkNodeOf = (node: StatechartNode): ElkNode => {
    const nodeLines = boxLines(node, graph);
    const block = textBlock(node, nodeLines, measure);
    const headerHeight = block.height - BOX_PADDING_Y;
    lines.set(node.id, { lines: nodeLines, headerHeight });
    if (node.childIds.length === 0) return { id: node.id, width: block.width, height: block.height };

    const children = node.childIds.map((childId) => byId.get(childId)).filter((child): child is StatechartNode => child !== undefined);
    const elkChildren = children.map(elkNodeOf);
    const initial = children.find((child) => child.isInitial);
    const edges: ElkExtendedEdge[] = [];
    if (initial) {
      elkChildren.unshift({ id: initialMarkerId(node.id), width: INITIAL_DOT, height: INITIAL_DOT });
      edges.push({ id: `${initialMarkerId(node.id)}->${initial.id}`, sources: [initialMarkerId(node.id)], targets: [initial.id] });
    }
    return {
      id: node.id,
      children: elkChildren,
      edges,
      layoutOptions: {
        ...LAYERED_OPTIONS,
        'elk.padding': `[top=${headerHeight + 12},left=14,bottom=14,right=14]`,
        'elk.nodeSize.constraints': '[MINIMUM_SIZE]',
        'elk.nodeSize.minimum': `(${block.width}, ${block.height + 24})`,
      },
    };
  };

  const root = byId.get(graph.rootId);
  const edges: ElkExtendedEdge[] = [];
  for (const edge of graph.edges) {
    if (isDrawnInside(edge)) continue;
    edge.targetIds.forEach((targetId, index) => {
      const key = `${edge.id}->${targetId}`;
      // A transition back to a state written earlier (retry, start over) is handed to ELK the other way round,
      // so the layers follow the order the machine is written in and the flow reads top to bottom. ELK's own
      // model-order cycle breaking would do this, but fails on nested graphs.
      const reversed = (order.get(targetId) ?? 0) < (order.get(edge.sourceId) ?? 0);
      labels.set(key, { edge, targetId, reversed });
      const text = index === 0 ? edge.label : '';
      edges.push({
        id: key,
        sources: [reversed ? targetId : edge.sourceId],
        targets: [reversed ? edge.sourceId : targetId],
        ...(text
          ? { labels: [{ id: `${key}:label`, text, width: Math.ceil(measure(text, 'label')) + 2 * LABEL_PADDING_X, height: LINE_HEIGHT.label }] }
          : {}),
      });
    });
  }
  return {
    graph: { id: '::chart', layoutOptions: ROOT_OPTIONS, children: root ? [elkNodeOf(root)] : [], edges },
    lines,
    labels,
  };
}

function sectionPoints(edge: ElkExtendedEdge): Point[] {
  return (edge.sections ?? []).flatMap((section) => [section.startPoint, ...(section.bendPoints ?? []), section.endPoint]);
}

/** ELK's answer as boxes, arrows and initial markers. */
function placeChart(graph: StatechartGraph, input: ElkInput, laidOut: ElkNode): ChartLayout {
  const byId = new Map(graph.nodes.map((node) => [node.id, node]));
  const boxes: PlacedBox[] = [];
  const markerDots = new Map<string, Point>();
  const allEdges: ElkExtendedEdge[] = [];

  const visit = (elkNode: ElkNode) => {
    const node = byId.get(elkNode.id);
    const x = elkNode.x ?? 0;
    const y = elkNode.y ?? 0;
    if (node) {
      const text = input.lines.get(node.id);
      boxes.push({
        node,
        x,
        y,
        width: elkNode.width ?? 0,
        height: elkNode.height ?? 0,
        lines: text?.lines ?? [],
        headerHeight: text?.headerHeight ?? LINE_HEIGHT.title,
      });
    } else if (elkNode.id.endsWith('::initial')) {
      markerDots.set(elkNode.id, { x: x + INITIAL_DOT / 2, y: y + INITIAL_DOT / 2 });
    }
    allEdges.push(...(elkNode.edges ?? []));
    for (const child of elkNode.children ?? []) visit(child);
  };
  visit(laidOut);

  const edges: PlacedEdge[] = [];
  const initialMarkers: PlacedInitialMarker[] = [];
  for (const elkEdge of allEdges) {
    const source = elkEdge.sources[0] ?? '';
    const target = elkEdge.targets[0] ?? '';
    const dot = markerDots.get(source);
    if (dot) {
      initialMarkers.push({ parentId: source.slice(0, -'::initial'.length), targetId: target, dot, points: sectionPoints(elkEdge) });
      continue;
    }
    const known = input.labels.get(elkEdge.id);
    if (!known) continue;
    const label = elkEdge.labels?.[0];
    edges.push({
      key: elkEdge.id,
      edge: known.edge,
      targetId: known.targetId,
      points: known.reversed ? sectionPoints(elkEdge).reverse() : sectionPoints(elkEdge),
      label: label?.text ? { text: label.text, x: label.x ?? 0, y: label.y ?? 0, width: label.width ?? 0, height: label.height ?? 0 } : null,
    });
  }
  // Parents before children, so a nested box is drawn over its parent.
  boxes.sort((a, b) => a.node.depth - b.node.depth);
  return { width: Math.ceil(laidOut.width ?? 0), height: Math.ceil(laidOut.height ?? 0), boxes, edges, initialMarkers };
}

let elk: Promise<ELK> | null = null;

/** Lays a statechart out; the first call loads the layout library (one instance serves every chart). */
export async function layoutStatechart(graph: StatechartGraph, measure: MeasureText): Promise<ChartLayout> {
  elk ??= import('elkjs/lib/elk.bundled.js').then(({ default: ELK }) => new ELK());
  elk.catch(() => {
    elk = null;
  });
  const input = elkGraphOf(graph, measure);
  const laidOut = await (await elk).layout(input.graph);
  return placeChart(graph, input, laidOut);
}

/** A rough width for text when no canvas can measure it (tests, a browser without canvas). */
export function estimateTextWidth(text: string, style: TextStyle): number {
  return text.length * TEXT_SIZE[style] * (style === 'title' ? 0.62 : 0.58);
}

export const LINE_HEIGHTS = LINE_HEIGHT;
export const BOX_PADDING = { x: BOX_PADDING_X, y: BOX_PADDING_Y };
