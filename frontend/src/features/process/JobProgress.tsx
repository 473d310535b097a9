import { useEffect, useState } from 'react';
import { jobStatus, type Job, type JobStatus } from '../../api/types';
import { errorMessage } from '../../api/errors';
import { isFinished, useJob, type QueuedSubmission } from './queries';
import { ProgressBar } from './ProgressBar';
import { describeStage, statusLabels } from './stages';
import { useRefreshWhenDone } from './useRefreshWhenDone';

function StatusPill({ status }: { status: JobStatus }) {
  return <span className={`pill pill--${status}`}>{statusLabels[status]}</span>;
}

/**
 * The progress of one submission: a single chapter, or a book's chapters in order. Only the
 * chapter being worked on is polled; the worker takes a novel's jobs one after the other.
 */
export function JobProgress({ novelId, submission }: { novelId: string; submission: QueuedSubmission }) {
  const { jobIds, firstNumber } = submission;
  const total = jobIds.length;
  const [index, setIndex] = useState(0);
  const [finished, setFinished] = useState<Job[]>([]);
  const currentId = jobIds[index] ?? '';
  const job = useJob(currentId);
  const current = job.data;
  useRefreshWhenDone(novelId, currentId, current?.status);

  useEffect(() => {
    if (!current || !isFinished(current.status) || current.id !== currentId) return;
    setFinished((list) => (list.some((j) => j.id === current.id) ? list : [...list, current]));
    if (index < total - 1) setIndex(index + 1);
  }, [current, currentId, index, total]);

  const failed = finished.filter((j) => jobStatus(j) === 'failed');
  const allFinished = finished.length === total;
  const inFlight = current && !isFinished(current.status) ? current.progress : 0;
  const overall = total > 0 ? (finished.length + inFlight) / total : 0;
  const currentStatus = current ? jobStatus(current) : 'queued';
  const status: JobStatus = allFinished
    ? failed.length > 0
      ? 'failed'
      : 'done'
    : currentStatus === 'running' || finished.length > 0
      ? 'running'
      : 'queued';
  const chapterNumber = current?.chapter_number ?? firstNumber + index;

  let detail: string;
  if (job.isError && !current) detail = `Could not read the job's progress: ${errorMessage(job.error)}`;
  else if (allFinished) {
    detail =
      failed.length === 0
        ? total === 1
          ? 'Processed. The wiki now includes this chapter.'
          : `All ${total} chapters processed.`
        : total === 1
          ? 'This chapter was not processed.'
          : `${total - failed.length} of ${total} chapters processed; ${failed.length} failed.`;
  } else {
    const stage = describeStage(current?.stage) ?? (currentStatus === 'running' ? 'Starting' : 'Waiting for the worker');
    detail = total === 1 ? stage : `Chapter ${chapterNumber} (${finished.length + 1} of ${total}): ${stage}`;
  }

  return (
    <li className={`job job--${status}`}>
      <div className="job__head">
        <span className="job__label">
          {submission.label}
          <span className="job__source">{submission.source}</span>
        </span>
        <StatusPill status={status} />
      </div>
      <ProgressBar
        value={allFinished ? 1 : overall}
        label={`${submission.label} progress`}
        tone={status === 'failed' ? 'failed' : status === 'done' ? 'done' : 'active'}
      />
      <p className="job__detail" aria-live="polite">
        {detail}
      </p>
      {failed.map((j) => (
        <p key={j.id} className="job__error">
          {total > 1 ? `Chapter ${j.chapter_number}: ` : ''}
          {j.error || 'The job failed without a reason.'}
        </p>
      ))}
    </li>
  );
}
