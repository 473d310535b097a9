import { useId, useState, type ReactNode } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { EmptyState } from '../../components/EmptyState';
import { Icon } from '../../components/Icon';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { NoChaptersYet } from '../../components/NoChaptersYet';
import { plural } from '../../lib/format';
import { useNovelContext } from '../novels/NovelContext';
import { EntityCard } from './EntityCard';
import { filterEntities, entitySortLabels, type EntitySort } from './filterEntities';
import { entityKinds, type EntityKind } from './kinds';
import { useEntityList } from './queries';

/** `/novels/:id/characters` (and locations, factions, objects): a searchable grid of cards. */
export function EntityListPage({ kind, headerActions }: { kind: EntityKind; headerActions?: ReactNode }) {
  const info = entityKinds[kind];
  const { novel, cap, latest } = useNovelContext();
  const list = useEntityList(novel.id, kind, cap);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<EntitySort>('mentions');
  const id = useId();

  if (latest < 1) {
    return (
      <>
        <PageHeader title={info.title} actions={headerActions} />
        <NoChaptersYet novelId={novel.id} />
      </>
    );
  }

  const shown = list.data ? filterEntities(list.data, query, sort) : [];

  return (
    <>
      <PageHeader title={info.title} actions={headerActions}>
        <p>
          {list.data
            ? `${plural(list.data.length, info.singular)} known by chapter ${cap}.`
            : `Everyone and everything named by chapter ${cap}.`}
        </p>
      </PageHeader>

      {list.isPending ? (
        <Loading label={`Loading ${info.title.toLowerCase()}…`} />
      ) : list.isError ? (
        <ErrorNotice error={list.error} title={`Could not load the ${info.title.toLowerCase()}`} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState title={`No ${info.title.toLowerCase()} yet`}>
          <p>
            {info.emptyHint} Raise the chapter slider or process more chapters to see more.
          </p>
        </EmptyState>
      ) : (
        <>
          <div className="toolbar" role="search">
            <div className="search-field">
              <label htmlFor={`${id}-q`} className="visually-hidden">
                Search {info.title.toLowerCase()}
              </label>
              <Icon name="search" size={16} />
              <input
                id={`${id}-q`}
                type="search"
                placeholder={`Search ${info.title.toLowerCase()} by name or alias`}
                value={query}
                onChange={(event) => setQuery(event.target.value)}
              />
            </div>
            <div className="select-field">
              <label htmlFor={`${id}-sort`}>Sort</label>
              <select id={`${id}-sort`} value={sort} onChange={(event) => setSort(event.target.value as EntitySort)}>
                {(Object.keys(entitySortLabels) as EntitySort[]).map((key) => (
                  <option key={key} value={key}>
                    {entitySortLabels[key]}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <p className="result-count" aria-live="polite">
            {query.trim() ? `${plural(shown.length, 'match', 'matches')} for “${query.trim()}”` : `Showing all ${shown.length}`}
          </p>
          {shown.length === 0 ? (
            <EmptyState title="No match">
              <p>No {info.singular} by chapter {cap} has a name or alias containing “{query.trim()}”.</p>
            </EmptyState>
          ) : (
            <ul className="card-grid card-grid--entities" aria-label={info.title}>
              {shown.map((entity) => (
                <li key={entity.id}>
                  <EntityCard novelId={novel.id} entity={entity} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </>
  );
}
