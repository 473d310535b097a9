import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { CapLink } from '../../cap/CapLink';
import { EmptyState } from '../../components/EmptyState';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Icon } from '../../components/Icon';
import { NoChaptersYet } from '../../components/NoChaptersYet';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { plural } from '../../lib/format';
import { novelPath } from '../../layout/navigation';
import { EntityCard } from '../entities/EntityCard';
import { typeLabel } from '../entities/kinds';
import { countLine } from '../entities/listCount';
import { LoadMore } from '../entities/LoadMore';
import { FILTER_MAX_LENGTH, useListFilter } from '../entities/useListFilter';
import { useNovelContext } from '../novels/NovelContext';
import { useEntitiesOfType, useTypes } from './queries';

/**
 * `/novels/:id/types/:typeName?q=`: the entities of one custom type at the cap, most mentioned first,
 * a page at a time; the server filters by the names and aliases known at the cap.
 */
export function TypeEntitiesPage() {
  const { typeName = '' } = useParams();
  const { novel, cap, latest } = useNovelContext();
  const filter = useListFilter();
  const types = useTypes(novel.id, cap);
  const list = useEntitiesOfType(novel.id, typeName, cap, filter.q);
  const type = types.data?.types.find((t) => t.name === typeName);
  const title = typeLabel(typeName);
  const what = title.toLowerCase();
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

  if (types.data && !type) {
    return (
      <>
        <PageHeader title={title} />
        <EmptyState
          title="This novel has no such type"
          action={
            <CapLink to={novelPath(novel.id, 'types')} className="button">
              See the novel’s types
            </CapLink>
          }
        >
          <p>“{title}” is not one of the entity types of {novel.title}. Add it on the types page.</p>
        </EmptyState>
      </>
    );
  }

  const nothingAtAll = list.isSuccess && !list.isPlaceholderData && total === 0 && !filter.q;

  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <CapLink to={novelPath(novel.id, 'types')}>Entity types</CapLink>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{title}</span>
      </nav>
      <PageHeader title={title} eyebrow="Custom type">
        {type?.description && <p>{type.description}</p>}
        {list.data && !list.isPlaceholderData && !filter.q && total > 0 && (
          <p>{plural(total, 'entry', 'entries')} known by chapter {cap}.</p>
        )}
      </PageHeader>
      {latest < 1 ? (
        <NoChaptersYet novelId={novel.id} />
      ) : list.isPending ? (
        <Skeleton label={`Loading ${what}…`} rows={3} />
      ) : list.isError ? (
        <ErrorNotice error={list.error} title={`Could not load ${what}`} onRetry={() => void list.refetch()} />
      ) : nothingAtAll ? (
        <EmptyState title={`No ${what} yet at chapter ${cap}`}>
          <p>
            Nothing of this type has been named by chapter {cap}. Entries appear as chapters processed after the type was added mention
            them.
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
          </div>
          <p className="result-count" aria-live="polite">
            {answeredQ === null ? 'Loading…' : countLine(entities.length, total, answeredQ)}
          </p>
          {answeredQ !== null && total === 0 ? (
            <EmptyState
              title="No match"
              action={
                <button type="button" className="button" onClick={filter.clear}>
                  Show all entries
                </button>
              }
            >
              <p>
                Nothing of this type known by chapter {cap} has a name or alias containing “{answeredQ}”.
              </p>
            </EmptyState>
          ) : (
            <div aria-busy={list.isFetching}>
              <ul ref={grid} className="card-grid card-grid--entities" aria-label={title}>
                {entities.map((entity) => (
                  <li key={entity.id}>
                    <EntityCard novelId={novel.id} entity={entity} />
                  </li>
                ))}
              </ul>
            </div>
          )}
          <LoadMore
            what="entries"
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
