import type { GraphEdge, GraphNode } from '../../api/types';
import { CapLink } from '../../cap/CapLink';
import { novelPath } from '../../layout/navigation';

/** The graph's ties as a table: the same content for screen readers and small screens. */
export function EdgeTable({ novelId, nodes, edges }: { novelId: string; nodes: GraphNode[]; edges: GraphEdge[] }) {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const sorted = [...edges].sort(
    (a, b) =>
      Number(b.kind === 'relationship') - Number(a.kind === 'relationship') ||
      (byId.get(a.source)?.name ?? '').localeCompare(byId.get(b.source)?.name ?? ''),
  );
  const link = (id: string) => {
    const node = byId.get(id);
    return node ? <CapLink to={novelPath(novelId, `entities/${id}`)}>{node.name}</CapLink> : null;
  };
  return (
    <div className="table-wrap">
      <table className="data-table edge-table">
        <caption className="visually-hidden">Ties shown in the graph</caption>
        <thead>
          <tr>
            <th scope="col">From</th>
            <th scope="col">Tie</th>
            <th scope="col">To</th>
            <th scope="col" className="num">
              Since
            </th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((edge, i) => (
            <tr key={`${edge.source}-${edge.target}-${edge.kind}-${edge.label}-${i}`}>
              <td>{link(edge.source)}</td>
              <td>
                {edge.label}
                {edge.symmetric ? <span className="muted"> (both ways)</span> : null}
              </td>
              <td>{link(edge.target)}</td>
              <td className="num">{edge.since ? `ch. ${edge.since}` : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
