import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { invalidateNovel } from '../novels/queries';
import { isFinished } from './queries';

/**
 * Refreshes the novel (chapter count, slider range, wiki lists) once when a job it watches
 * finishes. Jobs submitted here start as not finished, so even a job that is done by the
 * first poll counts.
 */
export function useRefreshWhenDone(novelId: string, jobId: string | undefined, status: string | undefined) {
  const queryClient = useQueryClient();
  const refreshed = useRef(new Set<string>());
  useEffect(() => {
    if (!jobId || !isFinished(status) || refreshed.current.has(jobId)) return;
    refreshed.current.add(jobId);
    void invalidateNovel(queryClient, novelId);
  }, [jobId, status, novelId, queryClient]);
}
