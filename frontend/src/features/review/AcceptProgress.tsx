import { errorMessage } from '../../api/errors';
import type { Job } from '../../api/types';
import { ProgressBar } from '../process/ProgressBar';
import { describeStage } from '../process/stages';

interface AcceptProgressProps {
  chapter: number;
  /** The accept job as last polled; undefined until the first answer. */
  job: Job | undefined;
  /** Why the job could not be read, if it could not. */
  pollError: unknown;
}

/** The job writing an accepted draft: its stage and progress while it works. */
export function AcceptProgress({ chapter, job, pollError }: AcceptProgressProps) {
  const stage =
    describeStage(job?.stage) ?? (job?.status === 'running' ? 'Starting' : 'Waiting for the worker');
  return (
    <div className="notice notice--info accept-progress" role="status">
      <p className="notice__title">Writing chapter {chapter}…</p>
      <ProgressBar value={job?.progress ?? 0} label={`Chapter ${chapter} progress`} />
      <p aria-live="polite">
        {pollError && !job ? `Could not read the job's progress: ${errorMessage(pollError)}` : stage}
      </p>
      <p className="muted">The draft is read and added to the wiki in the background; you can leave this page and come back.</p>
    </div>
  );
}

/** An accept job that failed: nothing was written, and why. */
export function AcceptFailed({ chapter, error, stillPending }: { chapter: number; error: string | null; stillPending: boolean }) {
  return (
    <div className="notice notice--error" role="alert">
      <p className="notice__title">Accepting failed: nothing was written for chapter {chapter}.</p>
      <p>{error || 'The job failed without a reason.'}</p>
      {stillPending && <p>The draft is still waiting for review: accept it again, edit it, or reject it.</p>}
    </div>
  );
}
