import { describe, expect, it } from 'vitest';
import type { Graph } from '../../api/types';
import { defaultHidden, edgeType, filterGraph, listEdgeTypes } from './filter';

const node = (id: string, type = 'character') => ({ id, name: id.toUpperCase(), type, first_chapter: 1 });
const edge = (source: string, target: string, kind: string, label: string) => ({
  source,
  target,
  kind,
  label,
  symmetric: kind === 'relationship',
  weight: 1,
  since: 1,
});

const graph: Graph = {
  nodes: [node('lizzy'), node('jane'), node('darcy'), node('bingley'), node('collins'), node('pemberley', 'location')],
  edges: [
    edge('lizzy', 'jane', 'relationship', 'sister of'),
    edge('darcy', 'bingley', 'relationship', 'friend of'),
    edge('jane', 'bingley', 'relationship', 'friend of'),
    edge('darcy', 'pemberley', 'located_in', 'is in'),
    edge('lizzy', 'darcy', 'co_present', 'shares scenes with'),
    edge('lizzy', 'ghost', 'relationship', 'friend of'),
  ],
  total_nodes: 6,
  total_edges: 6,
};

describe('graph filter by type', () => {
  it('types relationships by label and the other edges by kind', () => {
    expect(edgeType(graph.edges[0]!)).toBe('relationship:sister of');
    expect(edgeType(graph.edges[3]!)).toBe('located_in');
    expect(listEdgeTypes(graph)).toEqual([
      { type: 'relationship:friend of', label: 'friend of', count: 3 },
      { type: 'relationship:sister of', label: 'sister of', count: 1 },
      { type: 'located_in', label: 'Is in (place)', count: 1 },
      { type: 'co_present', label: 'Shares scenes', count: 1 },
    ]);
  });

  it('shows everything linked when nothing is hidden, never an edge to a missing node', () => {
    const shown = filterGraph(graph, new Set());
    expect(shown.edges).toHaveLength(5);
    expect(shown.nodes.map((n) => n.id)).toEqual(['lizzy', 'jane', 'darcy', 'bingley', 'pemberley']);
    expect(shown.isolated).toBe(1);
  });

  it('hides a type and the nodes left without an edge', () => {
    const shown = filterGraph(graph, new Set(['relationship:friend of', 'co_present', 'located_in']));
    expect(shown.edges.map((e) => e.label)).toEqual(['sister of']);
    expect(shown.nodes.map((n) => n.id)).toEqual(['lizzy', 'jane']);
    expect(shown.isolated).toBe(4);
  });

  it('keeps isolated nodes on request', () => {
    const shown = filterGraph(graph, new Set(['relationship:friend of', 'relationship:sister of', 'co_present', 'located_in']), true);
    expect(shown.edges).toEqual([]);
    expect(shown.nodes).toHaveLength(6);
  });

  it('hides co-presence by default only when there is something else to see', () => {
    expect([...defaultHidden(graph)]).toEqual(['co_present']);
    expect([...defaultHidden({ ...graph, edges: [edge('lizzy', 'darcy', 'co_present', 'x')] })]).toEqual([]);
  });
});
