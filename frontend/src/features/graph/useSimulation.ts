import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { GraphEdge, GraphNode } from '../../api/types';
import { ALPHA_MIN, createSimulation, type Simulation } from './forceLayout';

/** The node radius grows with the number of ties, within bounds. */
export function nodeRadius(degree: number): number {
  return Math.min(18, 7 + Math.sqrt(degree) * 2.5);
}

/**
 * A force layout for the graph, computed before the first paint; `kick` animates it again
 * (after a drag). Positions survive a change of filter: nodes that stay keep their place.
 */
export function useSimulation(nodes: GraphNode[], edges: GraphEdge[]) {
  const remembered = useRef(new Map<string, { x: number; y: number; pinned: boolean }>());
  const simulation: Simulation = useMemo(() => {
    const index = new Map(nodes.map((node, i) => [node.id, i]));
    const degree = new Map<string, number>();
    for (const edge of edges) {
      degree.set(edge.source, (degree.get(edge.source) ?? 0) + 1);
      degree.set(edge.target, (degree.get(edge.target) ?? 0) + 1);
    }
    const links = edges.flatMap((edge) => {
      const source = index.get(edge.source);
      const target = index.get(edge.target);
      return source === undefined || target === undefined ? [] : [{ source, target }];
    });
    const sim = createSimulation(
      nodes.map((node) => ({ id: node.id, radius: nodeRadius(degree.get(node.id) ?? 0) })),
      links,
      remembered.current,
    );
    sim.run(400);
    return sim;
  }, [nodes, edges]);

  const [frame, setFrame] = useState(0);
  const raf = useRef<number | null>(null);

  useEffect(() => {
    const positions = remembered.current;
    return () => {
      for (const node of simulation.nodes) positions.set(node.id, { x: node.x, y: node.y, pinned: node.fx !== null });
      if (raf.current !== null) cancelAnimationFrame(raf.current);
      raf.current = null;
    };
  }, [simulation]);

  const kick = useCallback(
    (alpha = 0.25) => {
      simulation.alpha = Math.max(simulation.alpha, alpha);
      if (raf.current !== null) return;
      const step = () => {
        simulation.tick();
        setFrame((f) => f + 1);
        raf.current = simulation.alpha > ALPHA_MIN ? requestAnimationFrame(step) : null;
      };
      raf.current = requestAnimationFrame(step);
    },
    [simulation],
  );

  const redraw = useCallback(() => setFrame((f) => f + 1), []);
  return { simulation, frame, kick, redraw };
}
