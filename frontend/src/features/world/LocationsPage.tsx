import type { LocationNode } from '../../api/types';
import { CapLink } from '../../cap/CapLink';
import { EmptyState } from '../../components/EmptyState';
import { EntityChips } from '../../components/EntityLinks';
import { ErrorNotice } from '../../components/ErrorNotice';
import { NoChaptersYet } from '../../components/NoChaptersYet';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { plural } from '../../lib/format';
import { novelPath } from '../../layout/navigation';
import { EntityListPage } from '../entities/EntityListPage';
import { useNovelContext } from '../novels/NovelContext';
import { useLocationTree } from './queries';
import { useView, ViewSwitch } from './ViewSwitch';

const views = [
  { value: 'tree', label: 'Map of places' },
  { value: 'cards', label: 'Cards' },
];

function countNodes(nodes: LocationNode[]): number {
  return nodes.reduce((sum, node) => sum + 1 + countNodes(node.children), 0);
}

function PlaceBranch({ novelId, nodes, depth }: { novelId: string; nodes: LocationNode[]; depth: number }) {
  const sorted = [...nodes].sort((a, b) => b.children.length - a.children.length || a.name.localeCompare(b.name));
  return (
    <ul className={depth === 0 ? 'place-tree' : 'place-tree__children'}>
      {sorted.map((node) => (
        <li key={node.id} className="place">
          <div className="place__row">
            <CapLink to={novelPath(novelId, `entities/${node.id}`)} className="place__name">
              {node.name}
            </CapLink>
            <span className="place__meta">
              from chapter {node.first_chapter}
              {node.children.length > 0 && ` · ${plural(node.children.length, 'place')} within`}
            </span>
          </div>
          {node.occupants.length > 0 && (
            <div className="place__occupants">
              <span className="place__here">Here now:</span>
              <EntityChips novelId={novelId} entities={node.occupants} label={`Who is at ${node.name}`} />
            </div>
          )}
          {node.children.length > 0 && <PlaceBranch novelId={novelId} nodes={node.children} depth={depth + 1} />}
        </li>
      ))}
    </ul>
  );
}

function LocationTree() {
  const { novel, cap, latest } = useNovelContext();
  const tree = useLocationTree(novel.id, cap);
  const switcher = <ViewSwitch label="View" options={views} fallback="tree" />;
  if (latest < 1) {
    return (
      <>
        <PageHeader title="Locations" actions={switcher} />
        <NoChaptersYet novelId={novel.id} />
      </>
    );
  }
  return (
    <>
      <PageHeader title="Locations" actions={switcher}>
        <p>
          {tree.data
            ? `${plural(countNodes(tree.data), 'place')} known by chapter ${cap}, each inside the place the text last put it in, with who is there.`
            : `The places known by chapter ${cap}, nested as the text places them.`}
        </p>
      </PageHeader>
      {tree.isPending ? (
        <Skeleton label="Loading the places…" rows={4} variant="lines" />
      ) : tree.isError ? (
        <ErrorNotice error={tree.error} title="Could not load the places" onRetry={() => void tree.refetch()} />
      ) : tree.data.length === 0 ? (
        <EmptyState title={`No places yet at chapter ${cap}`}>
          <p>No place has been named by this chapter. Raise the chapter slider or process more chapters.</p>
        </EmptyState>
      ) : (
        <div className="card">
          <PlaceBranch novelId={novel.id} nodes={tree.data} depth={0} />
        </div>
      )}
    </>
  );
}

/** `/novels/:id/locations`: the hierarchy of places at the cap (or the cards of every place). */
export function LocationsPage() {
  const view = useView('tree', ['tree', 'cards']);
  if (view === 'cards') return <EntityListPage kind="locations" headerActions={<ViewSwitch label="View" options={views} fallback="tree" />} />;
  return <LocationTree />;
}
