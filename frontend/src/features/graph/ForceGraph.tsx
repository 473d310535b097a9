import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { GraphEdge, GraphNode } from '../../api/types';
import { useElementWidth } from '../../lib/useElementWidth';
import { fitView, layoutBounds, zoomAround, type View } from './forceLayout';
import { useSimulation } from './useSimulation';

interface ForceGraphProps {
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** Opens the node's page (a click or Enter on a node that was not dragged). */
  onOpen: (node: GraphNode) => void;
  height: number;
  label: string;
}

type Gesture =
  | { kind: 'node'; index: number; startX: number; startY: number; moved: boolean }
  | { kind: 'pan'; lastX: number; lastY: number }
  | { kind: 'pinch'; startDistance: number; startView: View }
  | null;

const DRAG_THRESHOLD = 4;

/** Curves for edges between the same two nodes, so parallel ties do not hide each other. */
function pairOffsets(edges: GraphEdge[]): number[] {
  const groups = new Map<string, number[]>();
  edges.forEach((edge, index) => {
    const key = [edge.source, edge.target].sort().join('|');
    const list = groups.get(key);
    if (list) list.push(index);
    else groups.set(key, [index]);
  });
  const offsets = new Array<number>(edges.length).fill(0);
  for (const list of groups.values()) {
    list.forEach((edgeIndex, i) => {
      const edge = edges[edgeIndex]!;
      // Keep the bend on the same side whichever way round the edge is drawn.
      const flip = edge.source < edge.target ? 1 : -1;
      offsets[edgeIndex] = list.length === 1 ? 0 : (i - (list.length - 1) / 2) * 34 * flip;
    });
  }
  return offsets;
}

/** An interactive force-directed graph in SVG: drag nodes, pan, zoom (wheel, pinch, buttons), click to open. */
export function ForceGraph({ nodes, edges, onOpen, height, label }: ForceGraphProps) {
  const [wrapRef, width] = useElementWidth<HTMLDivElement>(720);
  const svgRef = useRef<SVGSVGElement>(null);
  const { simulation, kick, redraw } = useSimulation(nodes, edges);
  const [view, setView] = useState<View>({ x: 0, y: 0, k: 1 });
  const [hover, setHover] = useState<string | null>(null);
  const userMoved = useRef(false);
  const gesture = useRef<Gesture>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const suppressClick = useRef(false);

  const fit = useCallback(() => {
    // On a narrow screen the names stay legible; the rest of the graph is a pan away.
    setView(fitView(layoutBounds(simulation.nodes), width, height, 16, width < 500 ? 0.7 : 0.35));
  }, [simulation, width, height]);

  // A new layout or a new size refits, unless the reader has zoomed or panned by hand.
  useEffect(() => {
    if (!userMoved.current) fit();
  }, [fit]);

  // The wheel zooms the graph, not the page: a non-passive listener may cancel the scroll.
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = svg.getBoundingClientRect();
      userMoved.current = true;
      setView((v) => zoomAround(v, Math.exp(-event.deltaY * 0.0015), event.clientX - rect.left, event.clientY - rect.top));
    };
    svg.addEventListener('wheel', onWheel, { passive: false });
    return () => svg.removeEventListener('wheel', onWheel);
  }, []);

  const index = useMemo(() => new Map(simulation.nodes.map((node, i) => [node.id, i])), [simulation]);
  const offsets = useMemo(() => pairOffsets(edges), [edges]);
  const neighbours = useMemo(() => {
    if (!hover) return null;
    const set = new Set([hover]);
    for (const edge of edges) {
      if (edge.source === hover) set.add(edge.target);
      if (edge.target === hover) set.add(edge.source);
    }
    return set;
  }, [hover, edges]);

  const local = (event: { clientX: number; clientY: number }) => {
    const rect = svgRef.current?.getBoundingClientRect();
    return { x: event.clientX - (rect?.left ?? 0), y: event.clientY - (rect?.top ?? 0) };
  };

  const onNodePointerDown = (event: PointerEvent<SVGGElement>, nodeIndex: number) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    gesture.current = { kind: 'node', index: nodeIndex, startX: event.clientX, startY: event.clientY, moved: false };
  };

  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    if (event.button !== 0 && event.pointerType === 'mouse') return;
    pointers.current.set(event.pointerId, local(event));
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const points = [...pointers.current.values()];
    if (points.length >= 2 && points[0] && points[1]) {
      const distance = Math.hypot(points[0].x - points[1].x, points[0].y - points[1].y) || 1;
      gesture.current = { kind: 'pinch', startDistance: distance, startView: view };
    } else {
      gesture.current = { kind: 'pan', lastX: event.clientX, lastY: event.clientY };
    }
  };

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const current = gesture.current;
    if (pointers.current.has(event.pointerId)) pointers.current.set(event.pointerId, local(event));
    if (!current) return;
    if (current.kind === 'node') {
      if (!current.moved && Math.hypot(event.clientX - current.startX, event.clientY - current.startY) < DRAG_THRESHOLD) return;
      current.moved = true;
      const node = simulation.nodes[current.index];
      if (!node) return;
      const point = local(event);
      node.fx = (point.x - view.x) / view.k;
      node.fy = (point.y - view.y) / view.k;
      node.x = node.fx;
      node.y = node.fy;
      kick(0.2);
      redraw();
    } else if (current.kind === 'pan') {
      userMoved.current = true;
      const dx = event.clientX - current.lastX;
      const dy = event.clientY - current.lastY;
      current.lastX = event.clientX;
      current.lastY = event.clientY;
      setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));
    } else {
      const points = [...pointers.current.values()];
      if (points.length < 2 || !points[0] || !points[1]) return;
      userMoved.current = true;
      const distance = Math.hypot(points[0].x - points[1].x, points[0].y - points[1].y) || 1;
      const midX = (points[0].x + points[1].x) / 2;
      const midY = (points[0].y + points[1].y) / 2;
      setView(zoomAround(current.startView, distance / current.startDistance, midX, midY));
    }
  };

  const onPointerEnd = (event: PointerEvent<SVGSVGElement>) => {
    pointers.current.delete(event.pointerId);
    const current = gesture.current;
    if (current?.kind === 'node' && current.moved) suppressClick.current = true;
    if (current?.kind === 'pinch' && pointers.current.size === 1) {
      const [rest] = [...pointers.current.values()];
      gesture.current = rest ? { kind: 'pan', lastX: rest.x, lastY: rest.y } : null;
      return;
    }
    gesture.current = null;
  };

  const open = (node: GraphNode) => {
    if (suppressClick.current) {
      suppressClick.current = false;
      return;
    }
    onOpen(node);
  };

  const onNodeKey = (event: KeyboardEvent<SVGGElement>, node: GraphNode) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(node);
    }
  };

  const zoomBy = (factor: number) => {
    userMoved.current = true;
    setView((v) => zoomAround(v, factor, width / 2, height / 2));
  };

  const byId = new Map(nodes.map((node) => [node.id, node]));
  // Zoomed out, names shrink less than the drawing so they stay legible.
  const textScale = view.k < 1 ? 1 / Math.pow(view.k, 0.7) : 1;
  const manyEdges = edges.length > 60;

  return (
    <div className="graph" ref={wrapRef}>
      <svg
        ref={svgRef}
        className="graph__canvas"
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        role="group"
        aria-label={label}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
      >
        <defs>
          {['relationship', 'located_in', 'possesses', 'knows', 'co_present'].map((kind) => (
            <marker
              key={kind}
              id={`arrow-${kind}`}
              className={`graph__arrow graph__arrow--${kind}`}
              viewBox="0 0 10 10"
              refX="9"
              refY="5"
              markerWidth="7"
              markerHeight="7"
              orient="auto-start-reverse"
            >
              <path d="M0,0 L10,5 L0,10 z" />
            </marker>
          ))}
        </defs>
        <g transform={`translate(${view.x},${view.y}) scale(${view.k})`}>
          <g className="graph__edges">
            {edges.map((edge, i) => {
              const a = simulation.nodes[index.get(edge.source) ?? -1];
              const b = simulation.nodes[index.get(edge.target) ?? -1];
              if (!a || !b) return null;
              const dx = b.x - a.x;
              const dy = b.y - a.y;
              const length = Math.hypot(dx, dy) || 1;
              const offset = offsets[i] ?? 0;
              const cx = (a.x + b.x) / 2 - (dy / length) * offset;
              const cy = (a.y + b.y) / 2 + (dx / length) * offset;
              // Stop at the edge of the target circle so the arrow head shows.
              const ex = b.x - cx;
              const ey = b.y - cy;
              const el = Math.hypot(ex, ey) || 1;
              const tx = b.x - (ex / el) * (b.radius + 2);
              const ty = b.y - (ey / el) * (b.radius + 2);
              const faded = neighbours !== null && !(neighbours.has(edge.source) && neighbours.has(edge.target));
              const touchesHover = hover !== null && (edge.source === hover || edge.target === hover);
              const showLabel = hover ? touchesHover : !manyEdges || edge.kind === 'relationship';
              const lx = 0.25 * a.x + 0.5 * cx + 0.25 * b.x;
              const ly = 0.25 * a.y + 0.5 * cy + 0.25 * b.y;
              return (
                <g key={`${edge.source}-${edge.target}-${edge.kind}-${edge.label}-${i}`} className={`graph__edge graph__edge--${edge.kind}${faded ? ' is-faded' : ''}`}>
                  <path
                    d={`M${a.x},${a.y} Q${cx},${cy} ${tx},${ty}`}
                    markerEnd={edge.symmetric ? undefined : `url(#arrow-${edge.kind})`}
                    strokeWidth={edge.kind === 'co_present' ? Math.min(4, 0.6 + edge.weight * 0.4) : 1.6}
                  />
                  {showLabel && (
                    <text
                      className="graph__edge-label"
                      x={lx}
                      y={ly}
                      textAnchor="middle"
                      dominantBaseline="middle"
                      fontSize={11 * textScale}
                    >
                      {edge.label}
                    </text>
                  )}
                  <title>{`${byId.get(edge.source)?.name ?? ''} — ${edge.label} — ${byId.get(edge.target)?.name ?? ''}${edge.since ? ` (since chapter ${edge.since})` : ''}`}</title>
                </g>
              );
            })}
          </g>
          <g className="graph__nodes">
            {nodes.map((node) => {
              const i = index.get(node.id);
              const at = i === undefined ? undefined : simulation.nodes[i];
              if (i === undefined || !at) return null;
              const faded = neighbours !== null && !neighbours.has(node.id);
              return (
                <g
                  key={node.id}
                  className={`graph__node graph__node--${node.type}${faded ? ' is-faded' : ''}${at.fx !== null ? ' is-pinned' : ''}`}
                  transform={`translate(${at.x},${at.y})`}
                  role="link"
                  tabIndex={0}
                  aria-label={node.name}
                  data-node-id={node.id}
                  onPointerDown={(event) => onNodePointerDown(event, i)}
                  onClick={() => open(node)}
                  onKeyDown={(event) => onNodeKey(event, node)}
                  onPointerEnter={() => setHover(node.id)}
                  onPointerLeave={() => setHover((h) => (h === node.id ? null : h))}
                  onFocus={() => setHover(node.id)}
                  onBlur={() => setHover((h) => (h === node.id ? null : h))}
                >
                  <circle r={at.radius} />
                  <text x={at.radius + 4} y={4 * textScale} className="graph__node-label" fontSize={12.5 * textScale}>
                    {node.name}
                  </text>
                  <title>{`${node.name} (${node.type.replace(/_/g, ' ')}, from chapter ${node.first_chapter})`}</title>
                </g>
              );
            })}
          </g>
        </g>
      </svg>
      <div className="graph__controls">
        <button type="button" className="icon-button icon-button--small" onClick={() => zoomBy(1.3)} aria-label="Zoom in">
          +
        </button>
        <button type="button" className="icon-button icon-button--small" onClick={() => zoomBy(1 / 1.3)} aria-label="Zoom out">
          −
        </button>
        <button
          type="button"
          className="button button--small"
          onClick={() => {
            userMoved.current = false;
            fit();
          }}
        >
          Fit
        </button>
      </div>
    </div>
  );
}
