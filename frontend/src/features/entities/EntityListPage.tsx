import { memo, useEffect, useId, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import type { EntitySummary } from '../../api/types';
import { EmptyState } from '../../components/EmptyState';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Icon } from '../../components/Icon';
import { NoChaptersYet } from '../../components/NoChaptersYet';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { plural } from '../../lib/format';
import { countLine } from './listCount';
import { useNovelContext } from '../novels/NovelContext';
import { EntityCard } from './EntityCard';
import { entitySortLabels, type EntitySort } from './entitySort';
import { entityKinds, type EntityKind } from './kinds';
import { LoadMore } from './LoadMore';
import { useEntityPages } from './queries';
import { FILTER_MAX_LENGTH, useListFilter } from './useListFilter';

/** "3 matches for “finch”", "200 of 1,234 matches for “a”", "Showing 200 of 2,000". */
interface GridProps {
  novelId: string;
  label: string;
  entities: EntitySummary[];
  gridRef: Ref<HTMLUListElement>;
}

/** The cards; memoised so typing in the filter box does not redraw hundreds of them per key. */
const EntityGrid = memo(function EntityGrid({ novelId, label, entities, gridRef }: GridProps) {
  return (
    <ul ref={gridRef} className="card-grid card-grid--entities" aria-label={label}>
      {entities.map((entity) => (
        <li key={entity.id}>
          <EntityCard novelId={novelId} entity={entity} />
        </li>
      ))}
    </ul>
  );
});

/**
 * `/novels/:id/characters?q=` (and locations, factions, objects): a grid of cards, a page at a time.
 * The server filters by the names and aliases known at the cap, so any of 2,000 characters can be found.
 */
export function EntityListPage({ kind, headerActions }: { kind: EntityKind; headerActions?: ReactNode }) {
  const info = entityKinds[kind];
  const what = info.title.toLowerCase();
  const { novel, cap, latest } = useNovelContext();
  const filter = useListFilter();
  const [sort, setSort] = useState<EntitySort>('mentions');
  const list = useEntityPages(novel.id, kind, cap, filter.q, sort);
  const id = useId();

  const entities = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total ?? 0;
  // The answer on screen may still be the previous filter's while the new one loads.
  const answeredQ = list.isPlaceholderData ? null : filter.q;

  // After "Load more", keyboard focus moves to the first new card instead of falling to the page.
  const grid = useRef<HTMLUListElement>(null);
  const [focusAt, setFocusAt] = useState<number | null>(null);
  useEffect(() => {
    if (focusAt === null || entities.length <= focusAt) return;
    grid.current?.querySelectorAll<HTMLElement>(':scope > li')[focusAt]?.querySelector<HTMLElement>('a')?.focus();
    setFocusAt(null);
  }, [entities.length, focusAt]);

  if (latest < 1) {
    return (
      <>
        <PageHeader title={info.title} actions={headerActions} />
        <NoChaptersYet novelId={novel.id} />
      </>
    );
  }

  const nothingAtAll = list.isSuccess && !list.isPlaceholderData && total === 0 && !filter.q;

  return (
    <>
      <PageHeader title={info.title} actions={headerActions}>
        <p>
          {list.data && !list.isPlaceholderData && !filter.q
            ? `${plural(total, info.singular)} known by chapter ${cap}.`
            : `Everyone and everything named by chapter ${cap}.`}
        </p>
      </PageHeader>

      {list.isPending ? (
        <Skeleton label={`Loading ${what}…`} rows={6} />
      ) : list.isError ? (
        <ErrorNotice error={list.error} title={`Could not load the ${what}`} onRetry={() => void list.refetch()} />
      ) : nothingAtAll ? (
        <EmptyState title={`No ${what} yet`}>
          <p>
            {info.emptyHint} Raise the chapter slider or process more chapters to see more.
          </p>
        </EmptyState>
      ) : (
        <>
          <div className="toolbar" role="search">
            <div className="search-field">
              <label htmlFor={`${id}-q`} className="visually-hidden">
                Search {what}
              </label>
              <Icon name="search" size={16} />
              <input
                id={`${id}-q`}
                type="search"
                placeholder={`Search ${what} by name or alias`}
                maxLength={FILTER_MAX_LENGTH}
                value={filter.input}
                onChange={(event) => filter.setInput(event.target.value)}
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
            {answeredQ === null ? 'Loading…' : countLine(entities.length, total, answeredQ)}
          </p>
          {answeredQ !== null && total === 0 ? (
            <EmptyState
              title="No match"
              action={
                <button type="button" className="button" onClick={filter.clear}>
                  Show all {what}
                </button>
              }
            >
              <p>
                No {info.singular} known by chapter {cap} has a name or alias containing “{answeredQ}”.
              </p>
            </EmptyState>
          ) : (
            <div aria-busy={list.isFetching}>
              <EntityGrid novelId={novel.id} label={info.title} entities={entities} gridRef={grid} />
            </div>
          )}
          <LoadMore
            what={what}
            shown={entities.length}
            total={total}
            hasMore={list.hasNextPage && !list.isPlaceholderData}
            loading={list.isFetchingNextPage}
            onMore={() => {
              setFocusAt(entities.length);
              void list.fetchNextPage();
            }}
          />
        </>
      )}
    </>
  );
}
