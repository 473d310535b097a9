import type { Graph, GraphEdge, GraphNode } from '../../api/types';

/** The filterable type of an edge: a relationship by its label ("sister of"), anything else by its kind. */
export function edgeType(edge: GraphEdge): string {
  return edge.kind === 'relationship' ? `relationship:${edge.label}` : edge.kind;
}

const kindLabels: Record<string, string> = {
  located_in: 'Is in (place)',
  possesses: 'Holds (object)',
  knows: 'Learned from',
  co_present: 'Shares scenes',
};

export function edgeTypeLabel(type: string): string {
  if (type.startsWith('relationship:')) return type.slice('relationship:'.length);
  return kindLabels[type] ?? type.replace(/_/g, ' ');
}

export interface EdgeTypeCount {
  type: string;
  label: string;
  count: number;
}

/** The edge types of a graph with their counts: relationships first, then the other kinds. */
export function listEdgeTypes(graph: Graph): EdgeTypeCount[] {
  const counts = new Map<string, number>();
  for (const edge of graph.edges) counts.set(edgeType(edge), (counts.get(edgeType(edge)) ?? 0) + 1);
  return [...counts.entries()]
    .map(([type, count]) => ({ type, label: edgeTypeLabel(type), count }))
    .sort((a, b) => {
      const rel = Number(b.type.startsWith('relationship:')) - Number(a.type.startsWith('relationship:'));
      return rel || b.count - a.count || a.label.localeCompare(b.label);
    });
}

export interface FilteredGraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** Nodes left out because none of their edges is shown. */
  isolated: number;
}

/**
 * The graph with the hidden edge types removed. Nodes stay only while one of their edges
 * is shown, unless `keepIsolated`; edges whose ends are missing are dropped.
 */
export function filterGraph(graph: Graph, hidden: ReadonlySet<string>, keepIsolated = false): FilteredGraph {
  const ids = new Set(graph.nodes.map((node) => node.id));
  const edges = graph.edges.filter((edge) => !hidden.has(edgeType(edge)) && ids.has(edge.source) && ids.has(edge.target));
  const linked = new Set(edges.flatMap((edge) => [edge.source, edge.target]));
  const nodes = keepIsolated ? graph.nodes : graph.nodes.filter((node) => linked.has(node.id));
  return { nodes, edges, isolated: graph.nodes.length - graph.nodes.filter((node) => linked.has(node.id)).length };
}

/** Edge types hidden when a view first opens: co-presence ties drown everything else. */
export function defaultHidden(graph: Graph): Set<string> {
  const types = listEdgeTypes(graph);
  const others = types.filter((t) => t.type !== 'co_present');
  return new Set(others.length > 0 ? types.filter((t) => t.type === 'co_present').map((t) => t.type) : []);
}
