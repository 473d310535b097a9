import { useEffect, useState } from 'react';
import { jobStatus, type Job, type JobStatus } from '../../api/types';
import { errorMessage } from '../../api/errors';
import { indexedCount, isFinished, useJob, useSearchIndex, type QueuedSubmission } from './queries';
import { ProgressBar } from './ProgressBar';
import { describeStage, statusLabels } from './stages';
import { useRefreshWhenDone } from './useRefreshWhenDone';

function StatusPill({ status, label }: { status: JobStatus; label?: string }) {
  return <span className={`pill pill--${status}`}>{label ?? statusLabels[status]}</span>;
}

/** One phase of a submission: its name, a bar, and a line on where it stands. */
function Phase({ name, value, tone, detail }: { name: string; value: number; tone: 'active' | 'done' | 'failed' | 'waiting'; detail: string }) {
  return (
    <div className={`job__phase job__phase--${tone}`}>
      <span className="job__phase-name">{name}</span>
      <ProgressBar value={value} label={name} tone={tone === 'waiting' ? 'active' : tone} />
      <p className="job__detail" aria-live="polite">
        {detail}
      </p>
    </div>
  );
}

/**
 * The progress of one submission in its two phases: read (a single chapter, or a book's
 * chapters in order; each is in the wiki once read), then indexed for search (the worker's
 * index thread follows the reader; meanwhile search finds those chapters by their words).
 * Only the chapter being read is polled, and the novel's search index status.
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
  const searchIndex = useSearchIndex(novelId, !allFinished);
  const readChapters = finished.filter((j) => jobStatus(j) === 'done').map((j) => j.chapter_number);
  const indexed = indexedCount(searchIndex.data, readChapters) ?? 0;
  const toIndex = total - failed.length;
  const allIndexed = allFinished && indexed >= toIndex;
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
          ? 'Read. The wiki now includes this chapter.'
          : `All ${total} chapters read: the wiki includes them all.`
        : total === 1
          ? 'This chapter was not processed.'
          : `${total - failed.length} of ${total} chapters read; ${failed.length} failed.`;
  } else {
    const stage = describeStage(current?.stage) ?? (currentStatus === 'running' ? 'Starting' : 'Waiting for the worker');
    detail = total === 1 ? stage : `Chapter ${chapterNumber} (${finished.length + 1} of ${total}): ${stage}`;
  }

  let indexDetail: string;
  if (toIndex === 0) indexDetail = 'Nothing to index.';
  else if (allIndexed) indexDetail = total === 1 ? 'Search covers this chapter.' : `Search covers all ${toIndex} chapters.`;
  else if (searchIndex.isError) indexDetail = `Could not read the search index: ${errorMessage(searchIndex.error)}`;
  else if (readChapters.length === 0) indexDetail = 'Starts as soon as the first chapter is read.';
  else if (indexed === 0 && !allFinished) indexDetail = 'Follows the reading, chapter by chapter. Until then, search finds them by their words.';
  else {
    const being = searchIndex.data?.indexing;
    indexDetail =
      `${indexed} of ${toIndex} ${toIndex === 1 ? 'chapter' : 'chapters'} indexed` +
      (being ? ` (now chapter ${being})` : '') +
      '. Until then, search finds them by their words.';
  }
  const indexTone = toIndex === 0 ? 'waiting' : allIndexed ? 'done' : readChapters.length === 0 ? 'waiting' : 'active';
  const pill: { status: JobStatus; label: string } =
    status === 'failed' && failed.length === total
      ? { status: 'failed', label: 'Failed' }
      : !allFinished
        ? { status, label: status === 'queued' ? 'Waiting' : 'Reading' }
        : allIndexed
          ? { status: failed.length > 0 ? 'failed' : 'done', label: failed.length > 0 ? 'Done, with failures' : 'Done' }
          : { status: 'running', label: 'Indexing for search' };

  return (
    <li className={`job job--${pill.status}`}>
      <div className="job__head">
        <span className="job__label">
          {submission.label}
          <span className="job__source">{submission.source}</span>
        </span>
        <StatusPill status={pill.status} label={pill.label} />
      </div>
      <Phase
        name="Read"
        value={allFinished ? 1 : overall}
        tone={status === 'failed' ? 'failed' : allFinished ? 'done' : 'active'}
        detail={detail}
      />
      <Phase name="Indexed for search" value={toIndex > 0 ? indexed / toIndex : 0} tone={indexTone} detail={indexDetail} />
      {failed.map((j) => (
        <p key={j.id} className="job__error">
          {total > 1 ? `Chapter ${j.chapter_number}: ` : ''}
          {j.error || 'The job failed without a reason.'}
        </p>
      ))}
    </li>
  );
}
