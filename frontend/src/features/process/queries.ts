import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { Job, SearchIndexStatus } from '../../api/types';
import { chapterLabel } from '../../lib/format';
import { novelKeys } from '../novels/queries';
import type { PlannedSubmission } from './plan';

/** Query keys for processing: split previews and jobs. */
export const processKeys = {
  split: (key: string) => ['process', 'split', key] as const,
  job: (jobId: string) => ['jobs', jobId] as const,
  novelJobs: (novelId: string) => [...novelKeys.detail(novelId), 'jobs'] as const,
  searchIndex: (novelId: string) => [...novelKeys.detail(novelId), 'search-index'] as const,
};

export const POLL_MS = 1000;

/** Done or failed: nothing more will happen to the job. */
export function isFinished(status: string | undefined): boolean {
  return status === 'done' || status === 'failed';
}

/**
 * How a text (or a document file, which the server converts) would be cut into chapters; `key`
 * identifies it (a file, or a hash of pasted text).
 */
export function splitQueryOptions(key: string, source: { text: string; file?: File; document?: boolean }) {
  return queryOptions({
    queryKey: processKeys.split(key),
    queryFn: () => {
      if (source.document && source.file) {
        const form = new FormData();
        form.append('file', source.file, source.file.name);
        // The route takes multipart too; openapi-fetch sends FormData as is.
        return unwrap(api.POST('/api/books/split', { body: form as never }));
      }
      return unwrap(api.POST('/api/books/split', { body: { text: source.text } }));
    },
    enabled: Boolean(source.document && source.file) || source.text.trim().length > 0,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
}

/** One job, polled every second until it is done or failed. */
export function useJob(jobId: string, initial?: Job) {
  return useQuery({
    queryKey: processKeys.job(jobId),
    queryFn: () => unwrap(api.GET('/api/jobs/{job_id}', { params: { path: { job_id: jobId } } })),
    initialData: initial,
    refetchInterval: (query) => (isFinished(query.state.data?.status) ? false : POLL_MS),
    refetchIntervalInBackground: true,
  });
}

/** The novel's jobs, newest first; refreshed every few seconds while one of them is still working. */
export function useNovelJobs(novelId: string) {
  return useQuery({
    queryKey: processKeys.novelJobs(novelId),
    queryFn: () => unwrap(api.GET('/api/novels/{novel_id}/jobs', { params: { path: { novel_id: novelId } } })),
    refetchInterval: (query) => (query.state.data?.some((job) => !isFinished(job.status)) ? 3000 : false),
  });
}

/**
 * Which chapters search has indexed. Polled every few seconds while some are still pending
 * (`watch`: also while chapters are still being read, so the first poll is not the last).
 */
export function useSearchIndex(novelId: string, watch = false) {
  return useQuery({
    queryKey: processKeys.searchIndex(novelId),
    queryFn: () => unwrap(api.GET('/api/novels/{novel_id}/search-index', { params: { path: { novel_id: novelId } } })),
    refetchInterval: (query) => (watch || (query.state.data?.pending.length ?? 0) > 0 ? 2000 : false),
    refetchIntervalInBackground: true,
  });
}

/**
 * How many of `chapters` are indexed for search (undefined: not known yet). A novel's chapters
 * are numbered 1..N without gaps, so a chapter is written when its number is at most N.
 */
export function indexedCount(status: SearchIndexStatus | undefined, chapters: number[]): number | undefined {
  if (!status) return undefined;
  const pending = new Set(status.pending);
  return chapters.filter((n) => n <= status.chapters && !pending.has(n)).length;
}

/** What one submission queued: its jobs in chapter order. */
export interface QueuedSubmission {
  key: string;
  label: string;
  /** Where the text came from: a file name, or "Pasted text". */
  source: string;
  firstNumber: number;
  jobIds: string[];
}

async function submitOne(novelId: string, submission: PlannedSubmission, replace: boolean): Promise<string[]> {
  const path = { novel_id: novelId };
  if (submission.kind === 'book') {
    // The server numbers a book from the next free chapter, which is `firstNumber` here.
    let body: { text: string } | FormData = { text: submission.text };
    if (submission.file) {
      body = new FormData();
      body.append('file', submission.file, submission.file.name);
    }
    const accepted = await unwrap(api.POST('/api/novels/{novel_id}/book', { params: { path }, body: body as never }));
    return accepted.job_ids;
  }
  if (submission.file) {
    const form = new FormData();
    form.append('file', submission.file, submission.file.name);
    form.append('number', String(submission.number));
    if (submission.title) form.append('title', submission.title);
    if (replace) form.append('replace', 'true');
    const accepted = await unwrap(
      api.POST('/api/novels/{novel_id}/chapters', {
        params: { path },
        // The route takes multipart too; openapi-fetch sends FormData as is.
        body: form as never,
      }),
    );
    return [accepted.job_id];
  }
  const accepted = await unwrap(
    api.POST('/api/novels/{novel_id}/chapters', {
      params: { path },
      body: { number: submission.number, title: submission.title, text: submission.text, replace },
    }),
  );
  return [accepted.job_id];
}

export class SubmissionError extends Error {
  readonly queued: QueuedSubmission[];
  readonly failed: PlannedSubmission;
  override readonly cause: unknown;

  constructor(failed: PlannedSubmission, queued: QueuedSubmission[], cause: unknown) {
    super(cause instanceof Error ? cause.message : 'The submission failed.');
    this.name = 'SubmissionError';
    this.failed = failed;
    this.queued = queued;
    this.cause = cause;
  }
}

function labelOf(submission: PlannedSubmission): string {
  if (submission.kind === 'book') {
    const last = submission.firstNumber + submission.chapters.length - 1;
    return `Chapters ${submission.firstNumber}–${last}`;
  }
  return chapterLabel(submission.number, submission.title);
}

/** Queues the submissions one after the other, in order, and stops at the first refusal. */
export function useSubmitChapters(novelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ plan, replace }: { plan: PlannedSubmission[]; replace: boolean }) => {
      const queued: QueuedSubmission[] = [];
      for (const submission of plan) {
        try {
          const jobIds = await submitOne(novelId, submission, replace);
          const firstNumber = submission.kind === 'book' ? submission.firstNumber : submission.number;
          queued.push({ key: submission.key, label: labelOf(submission), source: submission.name, firstNumber, jobIds });
        } catch (cause) {
          throw new SubmissionError(submission, queued, cause);
        }
      }
      return queued;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: processKeys.novelJobs(novelId) }),
  });
}

