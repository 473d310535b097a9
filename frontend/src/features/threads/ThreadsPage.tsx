import { EmptyState } from '../../components/EmptyState';
import { ErrorNotice } from '../../components/ErrorNotice';
import { NoChaptersYet } from '../../components/NoChaptersYet';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { plural } from '../../lib/format';
import type { Thread } from '../../api/types';
import { useNovelContext } from '../novels/NovelContext';
import { useThreads } from './queries';
import { ThreadCard } from './ThreadCard';

const groups: { status: Thread['status']; title: string; empty: string }[] = [
  { status: 'open', title: 'Open', empty: 'No thread is waiting for its next step.' },
  { status: 'progressing', title: 'Progressing', empty: 'No thread has moved on since it opened.' },
  { status: 'closed', title: 'Closed', empty: 'No thread has been resolved by this chapter.' },
];

/** `/novels/:id/threads`: plot threads with their status as of the cap. */
export function ThreadsPage() {
  const { novel, cap, latest } = useNovelContext();
  const threads = useThreads(novel.id, cap);

  if (latest < 1) {
    return (
      <>
        <PageHeader title="Plot threads" />
        <NoChaptersYet novelId={novel.id} />
      </>
    );
  }

  const data = threads.data ?? [];
  const count = (status: Thread['status']) => data.filter((t) => t.status === status).length;
  return (
    <>
      <PageHeader title="Plot threads">
        <p>
          {threads.data
            ? `${plural(data.length, 'thread')} by chapter ${cap}: ${count('open')} open, ${count('progressing')} progressing, ${count('closed')} closed.`
            : `The story’s open questions and where they stand at chapter ${cap}.`}{' '}
          A thread closed later in the book is still open here.
        </p>
      </PageHeader>
      {threads.isPending ? (
        <Skeleton label="Loading plot threads…" rows={3} />
      ) : threads.isError ? (
        <ErrorNotice error={threads.error} title="Could not load the plot threads" onRetry={() => void threads.refetch()} />
      ) : data.length === 0 ? (
        <EmptyState title={`No plot threads yet at chapter ${cap}`}>
          <p>
            No quest, mystery or promise has been opened in the chapters up to here. Threads appear when a character sets out to
            do something the story has not resolved yet.
          </p>
        </EmptyState>
      ) : (
        groups.map((group) => {
          const list = data.filter((thread) => thread.status === group.status);
          return (
            <section key={group.status} className="section" aria-labelledby={`threads-${group.status}`}>
              <h2 id={`threads-${group.status}`} className="section__title">
                {group.title} <span className="section__count">{list.length}</span>
              </h2>
              {list.length === 0 ? (
                <p className="muted">{group.empty}</p>
              ) : (
                <ul className="stack">
                  {list.map((thread) => (
                    <li key={thread.id}>
                      <ThreadCard novelId={novel.id} thread={thread} cap={cap} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })
      )}
    </>
  );
}
