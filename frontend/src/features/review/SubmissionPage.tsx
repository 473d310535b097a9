import { useState } from 'react';
import { useParams } from 'react-router';
import { isNotFound } from '../../api/errors';
import { CapLink } from '../../cap/CapLink';
import { EmptyState } from '../../components/EmptyState';
import { ErrorNotice } from '../../components/ErrorNotice';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { formatDateTime, plural } from '../../lib/format';
import { novelPath } from '../../layout/navigation';
import { FindingCard } from '../continuity/FindingCard';
import { useNovelContext } from '../novels/NovelContext';
import { AuthorNotice } from './AuthorNotice';
import { DraftText } from './DraftText';
import { isFinished } from '../process/queries';
import { useRefreshWhenDone } from '../process/useRefreshWhenDone';
import { AcceptFailed, AcceptProgress } from './AcceptProgress';
import { useAcceptJob, useDecide, useSubmission, type ReviewDecisionInput } from './queries';
import { reasonLabel, statusLabel } from './reasons';
import { ReviewActions } from './ReviewActions';

/** What became of the draft: written by its accept job (`edited` when known), or rejected. */
function Outcome({ novelId, chapter, accepted, edited }: { novelId: string; chapter: number; accepted: boolean; edited: boolean }) {
  return (
    <div className={`notice ${accepted ? 'notice--success' : 'notice--info'}`} role="status">
      <p className="notice__title">
        {accepted
          ? `Accepted${edited ? ' after your edit' : ''}: chapter ${chapter} is now part of the story.`
          : `Rejected: nothing was written for chapter ${chapter}.`}
      </p>
      <p>
        {accepted ? (
          <>
            Its findings are kept as accepted overrides under <CapLink to={novelPath(novelId, `continuity?cap=${chapter}`)}>Flags and critiques</CapLink>.{' '}
            <CapLink to={novelPath(novelId, `chapters/${chapter}?cap=${chapter}`)}>Open chapter {chapter}</CapLink>.
          </>
        ) : (
          'The agent can submit a new draft for this chapter.'
        )}{' '}
        <CapLink to={novelPath(novelId, 'review')}>Back to the queue</CapLink>
      </p>
    </div>
  );
}

function editedAccept(input: ReviewDecisionInput | undefined): boolean {
  return input?.action === 'accept' && input.text !== undefined;
}

/** `/novels/:id/review/:submissionId`: one parked draft, its findings beside the evidence, and the decision. */
export function SubmissionPage() {
  const { submissionId = '' } = useParams();
  // A decision belongs to one draft: another draft starts from a clean slate.
  return <SubmissionReview key={submissionId} submissionId={submissionId} />;
}

function SubmissionReview({ submissionId }: { submissionId: string }) {
  const { novel } = useNovelContext();
  const submission = useSubmission(novel.id, submissionId);
  const [editing, setEditing] = useState(false);
  const decide = useDecide(novel.id, submissionId);
  const decided = decide.isSuccess && decide.variables ? { decision: decide.data, input: decide.variables } : null;
  // The accept job to follow: the one queued from this page, else the draft's latest one.
  const latestJob = submission.data?.accept_job ?? null;
  const acceptJobId = decided?.decision.job_id ?? latestJob?.id ?? null;
  const job = useAcceptJob(acceptJobId);
  const jobState = job.data ?? (latestJob?.id === acceptJobId ? latestJob : undefined);
  const jobStatus = acceptJobId === null ? null : (jobState?.status ?? 'queued');
  useRefreshWhenDone(novel.id, acceptJobId ?? undefined, job.data?.status);

  const crumbs = (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <CapLink to={novelPath(novel.id, 'review')}>Review queue</CapLink>
      <span aria-hidden="true"> / </span>
      <span aria-current="page">{submission.data ? `Draft of chapter ${submission.data.chapter_number}` : 'Draft'}</span>
    </nav>
  );

  if (submission.isPending) {
    return (
      <>
        {crumbs}
        <Skeleton label="Loading the draft…" rows={3} variant="lines" />
      </>
    );
  }
  if (submission.isError) {
    return (
      <>
        {crumbs}
        {isNotFound(submission.error) ? (
          <EmptyState
            title="There is no such draft"
            action={
              <CapLink to={novelPath(novel.id, 'review')} className="button">
                Back to the queue
              </CapLink>
            }
          >
            <p>The link may be incomplete.</p>
          </EmptyState>
        ) : (
          <ErrorNotice error={submission.error} title="Could not load the draft" onRetry={() => void submission.refetch()} />
        )}
      </>
    );
  }

  const data = submission.data;
  const rejectedHere = decided?.decision.status === 'rejected';
  const accepting = !rejectedHere && jobStatus !== null && !isFinished(jobStatus);
  const written = !rejectedHere && jobStatus === 'done';
  const pending = data.status === 'pending_review' && !accepting && !written && !rejectedHere;
  if (data.novel_id !== novel.id) {
    return (
      <>
        {crumbs}
        <EmptyState title="This draft belongs to another novel" />
      </>
    );
  }
  const spans = data.findings.map((f) => ({ start: f.draft_start, end: f.draft_end, quote: f.draft_quote }));
  return (
    <article className="submission-page">
      {crumbs}
      <PageHeader title={`Draft of chapter ${data.chapter_number}${data.title ? `: ${data.title}` : ''}`} eyebrow={accepting ? 'Being accepted' : statusLabel(data.status)}>
        <p>
          {reasonLabel(data.reason)} · {plural(data.findings.length, 'finding')} · parked {formatDateTime(data.created_at)}
          {data.decided_at && ` · decided ${formatDateTime(data.decided_at)}`}
        </p>
      </PageHeader>
      <AuthorNotice />
      {rejectedHere ? (
        <Outcome novelId={novel.id} chapter={data.chapter_number} accepted={false} edited={false} />
      ) : accepting ? (
        <AcceptProgress chapter={data.chapter_number} job={job.data} pollError={job.error} />
      ) : written ? (
        <Outcome novelId={novel.id} chapter={data.chapter_number} accepted edited={editedAccept(decided?.input)} />
      ) : (
        <>
          {jobStatus === 'failed' && (
            <AcceptFailed chapter={data.chapter_number} error={jobState?.error ?? null} stillPending={data.status === 'pending_review'} />
          )}
          {!pending && (
            <p className="notice notice--info" role="status">
              This draft is {statusLabel(data.status).toLowerCase()}; there is nothing left to decide.
            </p>
          )}
        </>
      )}
      <div className="submission-page__layout">
        <section className="submission-page__findings" aria-labelledby="findings-heading">
          <h2 id="findings-heading">What blocked it</h2>
          {data.findings.length === 0 ? (
            <p className="muted">
              {data.reason === 'error' ? 'The critic failed while judging this draft, so it could not be cleared.' : 'No finding was recorded.'}
            </p>
          ) : (
            <ol className="stack stack--tight finding-list">
              {data.findings.map((finding, index) => (
                <li key={index}>
                  <FindingCard novelId={novel.id} finding={finding} draftLabel="The draft says" pinCap marker={index + 1} />
                </li>
              ))}
            </ol>
          )}
        </section>
        <section className="submission-page__draft" aria-labelledby="draft-heading">
          <h2 id="draft-heading">{editing ? 'Edit the draft' : 'The draft'}</h2>
          {pending && (
            <ReviewActions
              submission={data}
              editing={editing}
              onEditingChange={setEditing}
              decide={decide}
            />
          )}
          {!editing && (
            <>
              <p className="field__hint">Highlighted: the passages the findings quote, numbered like them.</p>
              <DraftText text={data.text} spans={spans} />
            </>
          )}
        </section>
      </div>
    </article>
  );
}
