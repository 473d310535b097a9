import { CapLink } from '../../cap/CapLink';
import { EmptyState } from '../../components/EmptyState';
import { EntityLink } from '../../components/EntityLinks';
import { ErrorNotice } from '../../components/ErrorNotice';
import { NoChaptersYet } from '../../components/NoChaptersYet';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { plural } from '../../lib/format';
import { novelPath } from '../../layout/navigation';
import { EntityListPage } from '../entities/EntityListPage';
import { useNovelContext } from '../novels/NovelContext';
import { useObjectOwners } from './queries';
import { useView, ViewSwitch } from './ViewSwitch';

const views = [
  { value: 'owners', label: 'Who holds what' },
  { value: 'cards', label: 'Cards' },
];

function OwnersTable() {
  const { novel, cap, latest } = useNovelContext();
  const owners = useObjectOwners(novel.id, cap);
  const switcher = <ViewSwitch label="View" options={views} fallback="owners" />;
  if (latest < 1) {
    return (
      <>
        <PageHeader title="Objects" actions={switcher} />
        <NoChaptersYet novelId={novel.id} />
      </>
    );
  }
  return (
    <>
      <PageHeader title="Objects" actions={switcher}>
        <p>
          {owners.data && owners.data.length > 0
            ? `${plural(owners.data.length, 'object')} known by chapter ${cap}, with who holds each one at that chapter.`
            : `The notable objects known by chapter ${cap} and who holds them.`}
        </p>
      </PageHeader>
      {owners.isPending ? (
        <Skeleton label="Loading the objects…" rows={3} variant="lines" />
      ) : owners.isError ? (
        <ErrorNotice error={owners.error} title="Could not load the objects" onRetry={() => void owners.refetch()} />
      ) : owners.data.length === 0 ? (
        <EmptyState title={`No objects yet at chapter ${cap}`}>
          <p>
            No notable object (a letter, a ring, a sword) has been named by this chapter. Objects appear when the text gives, takes,
            loses or finds one.
          </p>
        </EmptyState>
      ) : (
        <div className="table-wrap">
          <table className="data-table owners-table">
            <caption className="visually-hidden">Objects and who holds them at chapter {cap}</caption>
            <thead>
              <tr>
                <th scope="col">Object</th>
                <th scope="col">Held by</th>
                <th scope="col" className="num">
                  Since
                </th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {owners.data.map((item) => (
                <tr key={item.id}>
                  <td>
                    <CapLink to={novelPath(novel.id, `entities/${item.id}`)}>{item.name}</CapLink>
                    {item.aliases.length > 0 && <span className="muted"> ({item.aliases.join(', ')})</span>}
                  </td>
                  <td>{item.owner ? <EntityLink novelId={novel.id} entity={item.owner} /> : <span className="muted">No one</span>}</td>
                  <td className="num">{item.since ? `ch. ${item.since}` : '—'}</td>
                  <td>{item.status ? item.status.replace(/_/g, ' ') : <span className="muted">—</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** `/novels/:id/objects`: objects with their holder at the cap (or the cards of every object). */
export function ObjectsPage() {
  const view = useView('owners', ['owners', 'cards']);
  if (view === 'cards') return <EntityListPage kind="objects" headerActions={<ViewSwitch label="View" options={views} fallback="owners" />} />;
  return <OwnersTable />;
}
