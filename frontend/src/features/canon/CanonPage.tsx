import { useId, useMemo, useState } from 'react';
import type { CanonFact } from '../../api/types';
import { EmptyState } from '../../components/EmptyState';
import { EntityLink } from '../../components/EntityLinks';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Icon } from '../../components/Icon';
import { NoChaptersYet } from '../../components/NoChaptersYet';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { plural } from '../../lib/format';
import { useNovelContext } from '../novels/NovelContext';
import { CanonFactItem } from './CanonFactItem';
import { useCanon } from './queries';

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

/** `/novels/:id/canon`: the facts the story has established, by subject; the author locks and edits them. */
export function CanonPage() {
  const id = useId();
  const { novel, cap, latest } = useNovelContext();
  const canon = useCanon(novel.id, cap);
  const [query, setQuery] = useState('');
  const [lockedOnly, setLockedOnly] = useState(false);
  const [withRestated, setWithRestated] = useState(false);

  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return (canon.data ?? []).filter(
      (fact) =>
        (!lockedOnly || fact.locked) &&
        (withRestated || fact.current || fact.locked) &&
        (!q || `${fact.subject} ${fact.subject_entity?.name ?? ''} ${fact.predicate.replace(/_/g, ' ')} ${fact.value}`.toLowerCase().includes(q)),
    );
  }, [canon.data, query, lockedOnly, withRestated]);
  const groups = useMemo(() => groupBySubject(shown), [shown]);

  if (latest < 1) {
    return (
      <>
        <PageHeader title="Canon facts" />
        <NoChaptersYet novelId={novel.id} />
      </>
    );
  }

  const locked = canon.data?.filter((f) => f.locked).length ?? 0;
  return (
    <>
      <PageHeader title="Canon facts">
        <p>
          What the text has established by chapter {cap}: looks, ages, titles, family ties.
          {canon.data && ` ${plural(canon.data.length, 'fact')}, ${plural(locked, 'locked')}.`} Lock a fact and any later chapter
          that contradicts it is flagged.
        </p>
      </PageHeader>

      {canon.isPending ? (
        <Skeleton label="Loading canon facts…" rows={4} variant="lines" />
      ) : canon.isError ? (
        <ErrorNotice error={canon.error} title="Could not load the canon facts" onRetry={() => void canon.refetch()} />
      ) : canon.data.length === 0 ? (
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
              <input id={`${id}-q`} type="search" placeholder="Filter by subject, fact or value" value={query} onChange={(e) => setQuery(e.target.value)} />
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
          {groups.length === 0 ? (
            <EmptyState title="No fact matches">
              <p>{lockedOnly ? 'No fact is locked yet: use Lock on a fact to protect it.' : 'Change the filter to see more facts.'}</p>
            </EmptyState>
          ) : (
            <div className="canon-groups">
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
        </>
      )}
    </>
  );
}
