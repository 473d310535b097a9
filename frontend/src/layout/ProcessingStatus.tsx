import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { CapLink } from '../cap/CapLink';
import { invalidateNovel } from '../features/novels/queries';
import { isFinished, useNovelJobs, useSearchIndex } from '../features/process/queries';
import { plural } from '../lib/format';
import { novelPath } from './navigation';

/**
 * While chapters are being processed, says so in the sidebar and refreshes the novel each
 * time one finishes, on whatever page the reader is; then, while chapters already in the wiki
 * are still being indexed for search, says that.
 */
export function ProcessingStatus({ novelId }: { novelId: string }) {
  const jobs = useNovelJobs(novelId);
  const reading = jobs.data?.some((job) => !isFinished(job.status)) ?? false;
  const searchIndex = useSearchIndex(novelId, reading);
  const queryClient = useQueryClient();
  const seenDone = useRef<Set<string> | null>(null);

  useEffect(() => {
    if (!jobs.data) return;
    const done = new Set(jobs.data.filter((job) => job.status === 'done').map((job) => job.id));
    const previous = seenDone.current;
    seenDone.current = done;
    if (previous && [...done].some((jobId) => !previous.has(jobId))) void invalidateNovel(queryClient, novelId);
  }, [jobs.data, novelId, queryClient]);

  const active = jobs.data?.filter((job) => !isFinished(job.status)) ?? [];
  const toIndex = (searchIndex.data?.pending.length ?? 0) - (searchIndex.data?.failed.length ?? 0);
  if (active.length === 0 && toIndex > 0) {
    return (
      <p className="processing-status" role="status">
        <span className="spinner" aria-hidden="true" />
        <span>
          Indexing {plural(toIndex, 'chapter')} for search; search finds {toIndex === 1 ? 'it' : 'them'} by their words
          meanwhile. <CapLink to={novelPath(novelId, 'process')}>Details</CapLink>
        </span>
      </p>
    );
  }
  if (active.length === 0) return null;
  const running = active.find((job) => job.status === 'running');
  return (
    <p className="processing-status" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>
        {running ? `Processing chapter ${running.chapter_number}` : 'Waiting to process'}
        {active.length > 1 ? ` (${plural(active.length, 'chapter')} to go)` : ''}.{' '}
        <CapLink to={novelPath(novelId, 'process')}>Details</CapLink>
      </span>
    </p>
  );
}
