import type { Commitment } from '../../api/types';
import { Evidence } from '../../components/Evidence';
import { plural } from '../../lib/format';

/** A setup (a planted detail or a promise) and, once it comes, its payoff. */
export function CommitmentCard({ novelId, commitment }: { novelId: string; commitment: Commitment }) {
  const paid = commitment.status === 'paid';
  return (
    <article className={`card commitment${commitment.overdue ? ' commitment--overdue' : ''}`}>
      <header className="commitment__head">
        <h3 className="commitment__title">{commitment.trigger || commitment.key}</h3>
        {paid ? (
          <span className="status-pill status-pill--closed">Paid off</span>
        ) : commitment.overdue ? (
          <span className="status-pill status-pill--overdue">Overdue</span>
        ) : (
          <span className="status-pill status-pill--open">Open</span>
        )}
      </header>
      <div className="commitment__pair">
        <div className="commitment__side">
          <p className="commitment__label">Setup</p>
          <Evidence novelId={novelId} chapter={commitment.setup_chapter} quote={commitment.evidence_quote ?? commitment.detail} />
        </div>
        <div className="commitment__side">
          <p className="commitment__label">Payoff</p>
          {paid ? (
            <Evidence novelId={novelId} chapter={commitment.payoff_chapter} quote={commitment.payoff_quote ?? commitment.payoff_detail} />
          ) : (
            <p className="commitment__waiting">
              Not paid off yet
              {commitment.chapters_open != null ? `: open for ${plural(commitment.chapters_open, 'chapter')}` : ''}.
              {commitment.overdue ? ' Readers may have forgotten it.' : ''}
            </p>
          )}
        </div>
      </div>
      {commitment.detail && commitment.detail !== commitment.evidence_quote && (
        <details className="commitment__detail">
          <summary>Full sentence</summary>
          <p>{commitment.detail}</p>
        </details>
      )}
    </article>
  );
}
