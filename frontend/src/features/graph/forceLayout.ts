/**
 * A small force-directed layout (no dependency): many-body repulsion, springs along the
 * links, a gentle pull to the centre and collision between nodes. Deterministic: the same
 * graph gives the same picture, so screenshots and tests are stable.
 */
export interface LayoutNode {
  id: string;
  x: number;
  y: number;
  vx: number;
  vy: number;
  radius: number;
  /** Pinned position (while dragged, or where the user dropped it). */
  fx: number | null;
  fy: number | null;
}

export interface LayoutLink {
  source: number;
  target: number;
}

export interface Simulation {
  nodes: LayoutNode[];
  links: LayoutLink[];
  alpha: number;
  tick: () => void;
  /** Runs `count` ticks at once (the first layout, before anything is drawn). */
  run: (count: number) => void;
}

const ALPHA_MIN = 0.004;
const ALPHA_DECAY = 1 - Math.pow(ALPHA_MIN, 1 / 300);
const VELOCITY_DECAY = 0.55;
const CHARGE = -260;
const LINK_DISTANCE = 140;
const CENTER_STRENGTH = 0.045;
/** How much wider than tall the room a node needs is (its name is beside it). */
const LABEL_STRETCH = 2.6;

export { ALPHA_MIN };

/** Positions on a sunflower spiral: spread out, deterministic, no two on top of each other. */
function seedPosition(index: number): [number, number] {
  const radius = 18 * Math.sqrt(0.5 + index);
  const angle = index * Math.PI * (3 - Math.sqrt(5));
  return [radius * Math.cos(angle), radius * Math.sin(angle)];
}

export function createSimulation(
  nodes: { id: string; radius: number }[],
  links: LayoutLink[],
  seeds: ReadonlyMap<string, { x: number; y: number; pinned: boolean }> = new Map(),
): Simulation {
  const layoutNodes: LayoutNode[] = nodes.map((node, index) => {
    const seed = seeds.get(node.id);
    const [x, y] = seed ? [seed.x, seed.y] : seedPosition(index);
    return { id: node.id, radius: node.radius, x, y, vx: 0, vy: 0, fx: seed?.pinned ? x : null, fy: seed?.pinned ? y : null };
  });
  const degree = new Array<number>(layoutNodes.length).fill(0);
  for (const link of links) {
    degree[link.source] = (degree[link.source] ?? 0) + 1;
    degree[link.target] = (degree[link.target] ?? 0) + 1;
  }

  const simulation: Simulation = {
    nodes: layoutNodes,
    links,
    // A graph that mostly keeps earlier positions needs less shaking.
    alpha: seeds.size > 0 && nodes.every((n) => seeds.has(n.id)) ? 0.3 : 1,
    tick() {
      const alpha = simulation.alpha;
      const list = simulation.nodes;
      const count = list.length;
      // Repulsion between every pair (graphs here have at most a few hundred nodes).
      for (let i = 0; i < count; i += 1) {
        const a = list[i]!;
        for (let j = i + 1; j < count; j += 1) {
          const b = list[j]!;
          let dx = b.x - a.x;
          let dy = b.y - a.y;
          if (dx === 0 && dy === 0) {
            dx = (j - i) * 0.01;
            dy = (i - j) * 0.013;
          }
          const distance2 = Math.max(dx * dx + dy * dy, 25);
          if (distance2 > 250_000) continue;
          const force = (CHARGE * alpha) / distance2;
          a.vx += dx * force;
          a.vy += dy * force;
          b.vx -= dx * force;
          b.vy -= dy * force;
        }
      }
      // Springs along the links, weaker for nodes with many links (as d3-force does).
      for (const link of simulation.links) {
        const a = list[link.source];
        const b = list[link.target];
        if (!a || !b || a === b) continue;
        const dx = b.x + b.vx - a.x - a.vx || 0.01;
        const dy = b.y + b.vy - a.y - a.vy || 0.01;
        const distance = Math.sqrt(dx * dx + dy * dy);
        const strength = 1 / Math.max(1, Math.min(degree[link.source] ?? 1, degree[link.target] ?? 1));
        const pull = ((distance - LINK_DISTANCE) / distance) * alpha * strength * 0.7;
        const total = (degree[link.source] ?? 1) + (degree[link.target] ?? 1);
        const shareB = (degree[link.source] ?? 1) / total;
        b.vx -= dx * pull * shareB;
        b.vy -= dy * pull * shareB;
        a.vx += dx * pull * (1 - shareB);
        a.vy += dy * pull * (1 - shareB);
      }
      // A gentle pull to the centre keeps loose nodes and separate groups on screen.
      for (const node of list) {
        node.vx -= node.x * CENTER_STRENGTH * alpha;
        node.vy -= node.y * CENTER_STRENGTH * alpha;
      }
      // Collision: nodes keep apart, farther sideways than up and down, since each name is
      // written to the right of its circle.
      for (let i = 0; i < count; i += 1) {
        const a = list[i]!;
        for (let j = i + 1; j < count; j += 1) {
          const b = list[j]!;
          const min = a.radius + b.radius + 14;
          const dx = b.x + b.vx - a.x - a.vx;
          const dy = b.y + b.vy - a.y - a.vy;
          const sx = dx / LABEL_STRETCH;
          const distance2 = sx * sx + dy * dy;
          if (distance2 >= min * min || distance2 === 0) continue;
          const distance = Math.sqrt(distance2);
          const push = ((min - distance) / distance) * 0.5;
          a.vx -= dx * push * 0.5;
          a.vy -= dy * push * 0.5;
          b.vx += dx * push * 0.5;
          b.vy += dy * push * 0.5;
        }
      }
      for (const node of list) {
        if (node.fx !== null && node.fy !== null) {
          node.x = node.fx;
          node.y = node.fy;
          node.vx = 0;
          node.vy = 0;
          continue;
        }
        node.vx *= VELOCITY_DECAY;
        node.vy *= VELOCITY_DECAY;
        node.x += node.vx;
        node.y += node.vy;
      }
      simulation.alpha += (0 - simulation.alpha) * ALPHA_DECAY;
    },
    run(ticks) {
      for (let i = 0; i < ticks && simulation.alpha > ALPHA_MIN; i += 1) simulation.tick();
    },
  };
  return simulation;
}

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** The box around every node, with room for the names written to their right. */
export function layoutBounds(nodes: LayoutNode[], labelRoom = 90): Bounds {
  if (nodes.length === 0) return { minX: -100, minY: -100, maxX: 100, maxY: 100 };
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const node of nodes) {
    minX = Math.min(minX, node.x - node.radius - 8);
    minY = Math.min(minY, node.y - node.radius - 8);
    maxX = Math.max(maxX, node.x + node.radius + labelRoom);
    maxY = Math.max(maxY, node.y + node.radius + 8);
  }
  return { minX, minY, maxX, maxY };
}

export interface View {
  x: number;
  y: number;
  k: number;
}

export const MIN_ZOOM = 0.2;
export const MAX_ZOOM = 4;

export function clampZoom(k: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, k));
}

/** The pan and zoom that show the whole box in a `width` × `height` viewport. */
export function fitView(bounds: Bounds, width: number, height: number, padding = 24, minZoom = MIN_ZOOM): View {
  const w = Math.max(1, bounds.maxX - bounds.minX);
  const h = Math.max(1, bounds.maxY - bounds.minY);
  // Below `minZoom` names become unreadable: better to show part of the graph and let the reader pan.
  const k = clampZoom(Math.max(minZoom, Math.min((width - 2 * padding) / w, (height - 2 * padding) / h, 1.6)));
  return {
    k,
    x: width / 2 - ((bounds.minX + bounds.maxX) / 2) * k,
    y: height / 2 - ((bounds.minY + bounds.maxY) / 2) * k,
  };
}

/** Zooms by `factor` keeping the point (px, py) of the viewport where it is. */
export function zoomAround(view: View, factor: number, px: number, py: number): View {
  const k = clampZoom(view.k * factor);
  const ratio = k / view.k;
  return { k, x: px - (px - view.x) * ratio, y: py - (py - view.y) * ratio };
}
