import { useMemo, useState } from 'react';
import type { TimelineEvent } from '../../api/types';
import { useSearchParams } from 'react-router';
import { CapLink } from '../../cap/CapLink';
import { EmptyState } from '../../components/EmptyState';
import { ErrorNotice } from '../../components/ErrorNotice';
import { FilterChips } from '../../components/FilterChips';
import { NoChaptersYet } from '../../components/NoChaptersYet';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { plural } from '../../lib/format';
import { novelPath } from '../../layout/navigation';
import { typeLabel } from '../entities/kinds';
import { useNovelContext } from '../novels/NovelContext';
import { EventItem } from './EventItem';
import { countTypes, groupByChapter, MAJOR_IMPACT } from './group';
import { useTimeline, type TimelineOrder } from './queries';

/** Events shown per chapter before "Show all": a long chapter should not bury the next one. */
export const FIRST_EVENTS = 6;

function ChapterGroup({ novelId, chapter, events }: { novelId: string; chapter: number; events: TimelineEvent[] }) {
  const [all, setAll] = useState(false);
  const shown = all ? events : events.slice(0, FIRST_EVENTS);
  return (
    <li className="timeline__chapter">
      <h2 className="timeline__heading">
        <CapLink to={novelPath(novelId, `chapters/${chapter}`)}>Chapter {chapter}</CapLink>
        <span className="timeline__count">{plural(events.length, 'event')}</span>
      </h2>
      <ol className="timeline__events">
        {shown.map((event) => (
          <EventItem key={event.id} novelId={novelId} event={event} />
        ))}
      </ol>
      {events.length > shown.length && (
        <button type="button" className="button button--small timeline__more" onClick={() => setAll(true)}>
          Show all {events.length} events of chapter {chapter}
        </button>
      )}
    </li>
  );
}

const orders: { value: TimelineOrder; label: string; hint: string }[] = [
  { value: 'reading', label: 'Reading order', hint: 'as the text tells it' },
  { value: 'story', label: 'Story order', hint: 'flashbacks first within a chapter' },
];

/** `/novels/:id/timeline?order=reading|story`: events up to the cap, chapter by chapter. */
export function TimelinePage() {
  const { novel, cap, latest } = useNovelContext();
  const [params, setParams] = useSearchParams();
  const order: TimelineOrder = params.get('order') === 'story' ? 'story' : 'reading';
  const entity = params.get('entity') ?? undefined;
  const timeline = useTimeline(novel.id, cap, order, entity);
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  const [majorOnly, setMajorOnly] = useState(false);

  const events = useMemo(() => timeline.data?.pages.flatMap((page) => page.items), [timeline.data]);
  const total = timeline.data?.pages[0]?.total ?? 0;
  const types = useMemo(() => countTypes(events ?? []), [events]);
  const shown = useMemo(
    () => (events ?? []).filter((event) => !hidden.has(event.type) && (!majorOnly || event.impact >= MAJOR_IMPACT)),
    [events, hidden, majorOnly],
  );
  const groups = useMemo(() => groupByChapter(shown), [shown]);
  const entityName = entity ? events?.flatMap((e) => e.involved).find((e) => e.id === entity)?.name : undefined;

  const setParam = (key: string, value: string | null) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  if (latest < 1) {
    return (
      <>
        <PageHeader title="Timeline" />
        <NoChaptersYet novelId={novel.id} />
      </>
    );
  }

  return (
    <>
      <PageHeader title="Timeline">
        <p>
          {events
            ? `${plural(total, 'event')} in chapters 1 to ${cap}${entityName ? ` involving ${entityName}` : ''}` +
              (events.length < total ? ` (showing the first ${events.length}).` : '.')
            : `What happens, chapter by chapter, up to chapter ${cap}.`}
        </p>
      </PageHeader>

      <div className="toolbar toolbar--wrap">
        <div className="segmented" role="radiogroup" aria-label="Order">
          {orders.map((option) => (
            <button
              key={option.value}
              type="button"
              role="radio"
              aria-checked={order === option.value}
              className="segmented__option"
              title={option.hint}
              onClick={() => setParam('order', option.value === 'reading' ? null : option.value)}
            >
              {option.label}
            </button>
          ))}
        </div>
        <label className="checkbox">
          <input type="checkbox" checked={majorOnly} onChange={(event) => setMajorOnly(event.target.checked)} />
          Major events only
        </label>
        {entity && (
          <button type="button" className="button button--small" onClick={() => setParam('entity', null)}>
            Everyone’s events
          </button>
        )}
      </div>
      <FilterChips
        label="Types"
        options={types.map(({ type, count }) => ({ value: type, label: typeLabel(type), count }))}
        selected={new Set(types.map((t) => t.type).filter((type) => !hidden.has(type)))}
        onToggle={(type) =>
          setHidden((previous) => {
            const next = new Set(previous);
            if (next.has(type)) next.delete(type);
            else next.add(type);
            return next;
          })
        }
        onAll={() => setHidden(new Set())}
      />

      {timeline.isPending ? (
        <Skeleton label="Loading the timeline…" rows={4} />
      ) : timeline.isError ? (
        <ErrorNotice error={timeline.error} title="Could not load the timeline" onRetry={() => void timeline.refetch()} />
      ) : events === undefined || events.length === 0 ? (
        <EmptyState title={`No events yet at chapter ${cap}`}>
          <p>
            {entity
              ? 'No event involving this entity has been read by this chapter.'
              : 'No event has been extracted from the chapters up to here. Raise the chapter slider or process more chapters.'}
          </p>
        </EmptyState>
      ) : groups.length === 0 ? (
        <EmptyState title="Every event is filtered out" action={<button type="button" className="button" onClick={() => { setHidden(new Set()); setMajorOnly(false); }}>Show all events</button>}>
          <p>Turn a type back on, or show minor events too.</p>
        </EmptyState>
      ) : (
        <ol className="timeline" aria-label="Events by chapter">
          {groups.map((group) => (
            <ChapterGroup key={group.chapter} novelId={novel.id} chapter={group.chapter} events={group.events} />
          ))}
        </ol>
      )}
      {timeline.hasNextPage && (
        <div className="timeline__pager">
          <button
            type="button"
            className="button"
            disabled={timeline.isFetchingNextPage}
            onClick={() => void timeline.fetchNextPage()}
          >
            {timeline.isFetchingNextPage ? 'Loading…' : `Load more events (${events?.length ?? 0} of ${total} shown)`}
          </button>
        </div>
      )}
    </>
  );
}
