import { CapLink } from '../../cap/CapLink';
import { EmptyState } from '../../components/EmptyState';
import { ErrorNotice } from '../../components/ErrorNotice';
import { PageHeader } from '../../components/PageHeader';
import { Severity } from '../../components/Severity';
import { Skeleton } from '../../components/Skeleton';
import { formatDateTime, plural } from '../../lib/format';
import { novelPath } from '../../layout/navigation';
import { FindingCard } from '../continuity/FindingCard';
import { useNovelContext } from '../novels/NovelContext';
import { AuthorNotice } from './AuthorNotice';
import { ProgressBar } from '../process/ProgressBar';
import { describeStage } from '../process/stages';
import { isAccepting, useReviewQueue } from './queries';
import { reasonLabel } from './reasons';

/** `/novels/:id/review`: drafts parked by a writing agent, waiting for the author. Not filtered by the cap. */
export function ReviewQueuePage() {
  const { novel } = useNovelContext();
  const queue = useReviewQueue(novel.id);

  return (
    <>
      <PageHeader title="Review queue">
        <p>
          A writing agent’s chapter that fails the continuity check is not written: it waits here until you accept it (as is or after
          editing) or reject it.
        </p>
      </PageHeader>
      <AuthorNotice />
      {queue.isPending ? (
        <Skeleton label="Loading the review queue…" rows={2} />
      ) : queue.isError ? (
        <ErrorNotice error={queue.error} title="Could not load the review queue" onRetry={() => void queue.refetch()} />
      ) : queue.data.length === 0 ? (
        <EmptyState title="No drafts waiting for review">
          <p>
            Drafts saved by a writing agent through the MCP tools land here when the critic finds a contradiction with earlier chapters.
            Nothing is waiting now.
          </p>
        </EmptyState>
      ) : (
        <>
          <p className="result-count">{plural(queue.data.length, 'draft')} waiting, oldest first.</p>
          <ul className="stack">
            {queue.data.map((submission) => {
              const fails = submission.findings.filter((f) => f.severity.toUpperCase() === 'FAIL');
              const shown = (fails.length > 0 ? fails : submission.findings).slice(0, 2);
              return (
                <li key={submission.id}>
                  <article className="card submission" aria-labelledby={`submission-${submission.id}`}>
                    <header className="submission__head">
                      <h2 id={`submission-${submission.id}`} className="submission__title">
                        Draft of chapter {submission.chapter_number}
                        {submission.title ? `: ${submission.title}` : ''}
                      </h2>
                      {submission.reason === 'error' ? <span className="verdict-pill verdict-pill--error">Not judged</span> : <Severity level="FAIL" />}
                    </header>
                    <p className="submission__meta">
                      {reasonLabel(submission.reason)} · {plural(submission.findings.length, 'finding')} · parked {formatDateTime(submission.created_at)}
                    </p>
                    {submission.accept_job && isAccepting(submission.accept_job) ? (
                      <div className="submission__accepting">
                        <ProgressBar value={submission.accept_job.progress} label={`Chapter ${submission.chapter_number} progress`} />
                        <p className="job__detail">
                          Being accepted: {describeStage(submission.accept_job.stage) ?? 'Waiting for the worker'}
                        </p>
                      </div>
                    ) : (
                      submission.accept_job?.status === 'failed' && (
                        <p className="job__error">
                          The last attempt to accept it failed, nothing was written: {submission.accept_job.error || 'no reason was given.'}
                        </p>
                      )
                    )}
                    {shown.length > 0 && (
                      <ul className="stack stack--tight">
                        {shown.map((finding, index) => (
                          <li key={index}>
                            <FindingCard novelId={novel.id} finding={finding} draftLabel="The draft says" pinCap />
                          </li>
                        ))}
                      </ul>
                    )}
                    {submission.findings.length > shown.length && (
                      <p className="muted">and {plural(submission.findings.length - shown.length, 'more finding')}.</p>
                    )}
                    <p className="submission__action">
                      <CapLink to={novelPath(novel.id, `review/${submission.id}`)} className="button button--primary">
                        Review the draft of chapter {submission.chapter_number}
                      </CapLink>
                    </p>
                  </article>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </>
  );
}
