import { useId, useMemo, useState } from 'react';
import type { CanonFact } from '../../api/types';
import { EmptyState } from '../../components/EmptyState';
import { EntityLink } from '../../components/EntityLinks';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Icon } from '../../components/Icon';
import { NoChaptersYet } from '../../components/NoChaptersYet';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { formatNumber, plural } from '../../lib/format';
import { LoadMore } from '../entities/LoadMore';
import { FILTER_MAX_LENGTH, useListFilter } from '../entities/useListFilter';
import { useNovelContext } from '../novels/NovelContext';
import { CanonFactItem } from './CanonFactItem';
import { useCanon, useLockedCount } from './queries';

interface SubjectGroup {
  key: string;
  name: string;
  facts: CanonFact[];
}

function groupBySubject(facts: CanonFact[]): SubjectGroup[] {
  const groups = new Map<string, SubjectGroup>();
  for (const fact of facts) {
    const key = fact.subject_entity?.id ?? `text:${fact.subject}`;
    const group = groups.get(key) ?? { key, name: fact.subject_entity?.name ?? fact.subject, facts: [] };
    group.facts.push(fact);
    groups.set(key, group);
  }
  return [...groups.values()]
    .map((group) => ({ ...group, facts: group.facts.sort((a, b) => a.predicate.localeCompare(b.predicate) || a.chapter - b.chapter) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** `/novels/:id/canon?q=`: the facts the story has established, by subject, a page at a time; the author locks and edits them. */
export function CanonPage() {
  const id = useId();
  const { novel, cap, latest } = useNovelContext();
  const filter = useListFilter();
  const [lockedOnly, setLockedOnly] = useState(false);
  const [withRestated, setWithRestated] = useState(false);
  const canon = useCanon(novel.id, cap, { q: filter.q, lockedOnly, withRestated });
  const lockedCount = useLockedCount(novel.id, cap);

  const facts = useMemo(() => canon.data?.pages.flatMap((page) => page.items) ?? [], [canon.data]);
  const total = canon.data?.pages[0]?.total ?? 0;
  const groups = useMemo(() => groupBySubject(facts), [facts]);
  const answered = canon.isSuccess && !canon.isPlaceholderData;
  const filtered = filter.q !== '' || lockedOnly;

  if (latest < 1) {
    return (
      <>
        <PageHeader title="Canon facts" />
        <NoChaptersYet novelId={novel.id} />
      </>
    );
  }

  return (
    <>
      <PageHeader title="Canon facts">
        <p>
          What the text has established by chapter {cap}: looks, ages, titles, family ties.
          {answered && !filtered && lockedCount.data !== undefined && ` ${plural(total, 'fact')}, ${plural(lockedCount.data, 'locked', 'locked')}.`} Lock a
          fact and any later chapter that contradicts it is flagged.
        </p>
      </PageHeader>

      {canon.isPending ? (
        <Skeleton label="Loading canon facts…" rows={4} variant="lines" />
      ) : canon.isError ? (
        <ErrorNotice error={canon.error} title="Could not load the canon facts" onRetry={() => void canon.refetch()} />
      ) : answered && !filtered && total === 0 ? (
        <EmptyState title={`No canon facts yet at chapter ${cap}`}>
          <p>No stated fact (an eye colour, an age, a title) has been read in the chapters up to here.</p>
        </EmptyState>
      ) : (
        <>
          <div className="toolbar toolbar--wrap" role="search">
            <div className="search-field">
              <label htmlFor={`${id}-q`} className="visually-hidden">
                Filter canon facts
              </label>
              <Icon name="search" size={16} />
              <input
                id={`${id}-q`}
                type="search"
                placeholder="Filter by subject, fact or value"
                maxLength={FILTER_MAX_LENGTH}
                value={filter.input}
                onChange={(e) => filter.setInput(e.target.value)}
              />
            </div>
            <label className="checkbox">
              <input type="checkbox" checked={lockedOnly} onChange={(e) => setLockedOnly(e.target.checked)} />
              Locked only
            </label>
            <label className="checkbox">
              <input type="checkbox" checked={withRestated} onChange={(e) => setWithRestated(e.target.checked)} />
              Show facts restated later
            </label>
          </div>
          <p className="result-count" aria-live="polite">
            {!answered
              ? 'Loading…'
              : facts.length < total
                ? `Showing ${formatNumber(facts.length)} of ${plural(total, 'fact')}`
                : `Showing ${plural(total, 'fact')}`}
          </p>
          {answered && total === 0 ? (
            <EmptyState
              title="No fact matches"
              action={
                filter.q ? (
                  <button type="button" className="button" onClick={filter.clear}>
                    Clear the filter
                  </button>
                ) : undefined
              }
            >
              <p>
                {filter.q
                  ? `No fact by chapter ${cap} has “${filter.q}” in its subject, fact or value.`
                  : lockedOnly
                    ? 'No fact is locked yet: use Lock on a fact to protect it.'
                    : 'Change the filter to see more facts.'}
              </p>
            </EmptyState>
          ) : (
            <div className="canon-groups" aria-busy={canon.isFetching}>
              {groups.map((group) => {
                const entity = group.facts[0]?.subject_entity;
                return (
                  <section key={group.key} className="card canon-group" aria-labelledby={`${id}-${group.key}`}>
                    <h2 id={`${id}-${group.key}`} className="canon-group__subject">
                      {entity ? <EntityLink novelId={novel.id} entity={entity} /> : group.name}
                      <span className="section__count">{group.facts.length}</span>
                    </h2>
                    <ul className="canon-list">
                      {group.facts.map((fact) => (
                        <CanonFactItem key={fact.id} novelId={novel.id} cap={cap} fact={fact} />
                      ))}
                    </ul>
                  </section>
                );
              })}
            </div>
          )}
          <LoadMore
            what="facts"
            shown={facts.length}
            total={total}
            hasMore={canon.hasNextPage && !canon.isPlaceholderData}
            loading={canon.isFetchingNextPage}
            onMore={() => void canon.fetchNextPage()}
          />
        </>
      )}
    </>
  );
}
