import type { Thread } from '../../api/types';
import { CapLink } from '../../cap/CapLink';
import { EntityChips } from '../../components/EntityLinks';
import { novelPath } from '../../layout/navigation';

const statusLabels: Record<Thread['status'], string> = {
  open: 'Open',
  progressing: 'Progressing',
  closed: 'Closed',
};

const actionLabels: Record<string, string> = {
  open: 'Opened',
  progress: 'Moved on',
  close: 'Closed',
};

export function ThreadStatus({ status }: { status: Thread['status'] }) {
  return <span className={`status-pill status-pill--${status}`}>{statusLabels[status]}</span>;
}

/** A plot thread at the cap: its status, who is caught up in it, and each step so far. */
export function ThreadCard({ novelId, thread, cap }: { novelId: string; thread: Thread; cap: number }) {
  return (
    <article className="card thread-card" aria-labelledby={`thread-${thread.id}`}>
      <header className="thread-card__head">
        <h3 id={`thread-${thread.id}`} className="thread-card__name">
          {thread.name}
        </h3>
        <ThreadStatus status={thread.status} />
      </header>
      <p className="thread-card__meta">
        Opened in chapter {thread.opened_chapter}
        {thread.closed_chapter ? `, closed in chapter ${thread.closed_chapter}` : thread.last_chapter !== thread.opened_chapter ? `, last moved in chapter ${thread.last_chapter}` : ''}
        {thread.status !== 'closed' && cap - thread.last_chapter >= 5 ? ` · quiet for ${cap - thread.last_chapter} chapters` : ''}
      </p>
      <EntityChips novelId={novelId} entities={thread.entities} label={`Involved in ${thread.name}`} />
      {thread.events.length > 0 && (
        <ol className="steps" aria-label="Steps">
          {thread.events.map((step, index) => (
            <li key={`${step.chapter}-${index}`} className={`step step--${step.action}`}>
              <p className="step__head">
                <span className="step__action">{actionLabels[step.action] ?? step.action}</span>
                <CapLink to={novelPath(novelId, `chapters/${step.chapter}`)} className="step__chapter">
                  Chapter {step.chapter}
                </CapLink>
              </p>
              <p className="step__summary">{step.summary}</p>
              {step.evidence_quote && step.evidence_quote.replace(/\s+/g, ' ') !== step.summary && (
                <blockquote className="step__quote">{step.evidence_quote}</blockquote>
              )}
            </li>
          ))}
        </ol>
      )}
    </article>
  );
}
