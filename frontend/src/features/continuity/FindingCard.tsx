import type { EntityRef } from '../../api/types';
import { EntityChips } from '../../components/EntityLinks';
import { Evidence } from '../../components/Evidence';
import { Severity } from '../../components/Severity';

export interface FindingLike {
  check_name: string;
  severity: string;
  message: string;
  draft_quote: string | null;
  evidence_chapter: number | null;
  evidence_quote: string | null;
  entities?: EntityRef[];
}

interface FindingCardProps {
  novelId: string;
  finding: FindingLike;
  /** What the draft side is called: "Chapter 12 says" or "The draft says". */
  draftLabel: string;
  /** The draft's chapter, linked on the draft side when it is in the wiki. */
  draftChapter?: number;
  /** Author pages link evidence chapters read as of themselves (they ignore the reader's cap). */
  pinCap?: boolean;
  /** Which highlight in the draft text this finding matches (review page). */
  marker?: number;
}

const checkLabels: Record<string, string> = {
  entity: 'Characters',
  knowledge: 'Knowledge',
  possession: 'Possessions',
  commitments: 'Setups and payoffs',
  canon: 'Canon',
};

export function checkLabel(check: string): string {
  const base = check.split('.')[0] ?? check;
  return checkLabels[base] ?? base.replace(/_/g, ' ');
}

/** A continuity finding: the draft's words beside the earlier evidence they contradict. */
export function FindingCard({ novelId, finding, draftLabel, draftChapter, pinCap = false, marker }: FindingCardProps) {
  const tone = finding.severity.toUpperCase() === 'FAIL' ? 'fail' : finding.severity.toUpperCase() === 'WARN' ? 'warn' : 'info';
  return (
    <article className={`finding finding--${tone}`}>
      <header className="finding__head">
        <Severity level={finding.severity} />
        <span className="finding__check">{checkLabel(finding.check_name)}</span>
        {marker !== undefined && <span className="finding__marker" aria-label={`Highlight ${marker}`}>{marker}</span>}
      </header>
      <p className="finding__message">{finding.message}</p>
      {(finding.draft_quote || finding.evidence_quote) && (
        <div className="finding__compare">
          <div className="finding__side finding__side--draft">
            <p className="finding__side-label">{draftLabel}</p>
            {finding.draft_quote ? (
              <Evidence novelId={novelId} quote={finding.draft_quote} chapter={draftChapter} pinCap={pinCap} />
            ) : (
              <p className="muted">The whole text (no single passage).</p>
            )}
          </div>
          <div className="finding__side finding__side--evidence">
            <p className="finding__side-label">Earlier evidence</p>
            {finding.evidence_quote || finding.evidence_chapter ? (
              <Evidence novelId={novelId} quote={finding.evidence_quote} chapter={finding.evidence_chapter} pinCap={pinCap} />
            ) : (
              <p className="muted">No earlier passage recorded.</p>
            )}
          </div>
        </div>
      )}
      {finding.entities && finding.entities.length > 0 && <EntityChips novelId={novelId} entities={finding.entities} label="Concerns" />}
    </article>
  );
}
