import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { novelKeys } from '../novels/queries';

/**
 * Query keys for the review queue. Deliberately without a cap: the queue is an author tool
 * that shows parked drafts in full, whatever chapter the reader has reached.
 */
export const reviewKeys = {
  all: (novelId: string) => [...novelKeys.detail(novelId), 'review'] as const,
  list: (novelId: string) => [...reviewKeys.all(novelId), 'list'] as const,
  detail: (novelId: string, submissionId: string) => [...reviewKeys.all(novelId), 'submission', submissionId] as const,
};

export function useReviewQueue(novelId: string) {
  return useQuery({
    queryKey: reviewKeys.list(novelId),
    queryFn: () => unwrap(api.GET('/api/novels/{novel_id}/review', { params: { path: { novel_id: novelId } } })),
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
 * Accept (optionally with edited text) or reject a parked draft. Accepting writes a chapter,
 * so everything read about the novel is refreshed.
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
    // Not awaited: the decision is shown at once, the refreshed wiki follows.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: novelKeys.detail(novelId) });
    },
  });
}
