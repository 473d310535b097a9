import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { novelKeys } from '../novels/queries';
import { isFinished, POLL_MS, processKeys } from '../process/queries';

/**
 * Query keys for the review queue. Deliberately without a cap: the queue is an author tool
 * that shows parked drafts in full, whatever chapter the reader has reached.
 */
export const reviewKeys = {
  all: (novelId: string) => [...novelKeys.detail(novelId), 'review'] as const,
  list: (novelId: string) => [...reviewKeys.all(novelId), 'list'] as const,
  detail: (novelId: string, submissionId: string) => [...reviewKeys.all(novelId), 'submission', submissionId] as const,
};

/** Drafts waiting for the author; refreshed every few seconds while one of them is being accepted. */
export function useReviewQueue(novelId: string) {
  return useQuery({
    queryKey: reviewKeys.list(novelId),
    queryFn: () => unwrap(api.GET('/api/novels/{novel_id}/review', { params: { path: { novel_id: novelId } } })),
    refetchInterval: (query) => (query.state.data?.some((draft) => isAccepting(draft.accept_job)) ? 3000 : false),
  });
}

export function useSubmission(novelId: string, submissionId: string) {
  return useQuery({
    queryKey: reviewKeys.detail(novelId, submissionId),
    queryFn: () => unwrap(api.GET('/api/review/{submission_id}', { params: { path: { submission_id: submissionId } } })),
  });
}

export type ReviewDecisionInput = { action: 'accept'; text?: string } | { action: 'reject' };

/**
 * The job writing an accepted draft (the same job the Process page polls), polled every
 * second until it is done or failed. Idle while there is no job to watch.
 */
export function useAcceptJob(jobId: string | null) {
  return useQuery({
    queryKey: processKeys.job(jobId ?? ''),
    queryFn: () => unwrap(api.GET('/api/jobs/{job_id}', { params: { path: { job_id: jobId ?? '' } } })),
    enabled: jobId !== null,
    refetchInterval: (query) => (isFinished(query.state.data?.status) ? false : POLL_MS),
    refetchIntervalInBackground: true,
  });
}

/** Queued or running: the draft is being accepted by this job. */
export function isAccepting(job: { status: string } | null | undefined): boolean {
  return !!job && !isFinished(job.status);
}

/**
 * Accept (optionally with edited text) or reject a parked draft. Accepting queues a job that
 * writes the chapter (watch it with `useAcceptJob`); rejecting only marks the draft.
 */
export function useDecide(novelId: string, submissionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: ReviewDecisionInput) => {
      const params = { path: { submission_id: submissionId } };
      if (decision.action === 'reject') return unwrap(api.POST('/api/review/{submission_id}/reject', { params }));
      return unwrap(
        api.POST('/api/review/{submission_id}/accept', decision.text === undefined ? { params } : { params, body: { text: decision.text } }),
      );
    },
    // Not awaited: the decision is shown at once, the refreshed queue follows. The wiki is
    // refreshed again when an accept job finishes (useRefreshWhenDone).
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: novelKeys.detail(novelId) });
    },
  });
}
