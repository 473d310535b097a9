import { ErrorNotice } from '../../components/ErrorNotice';
import { Skeleton } from '../../components/Skeleton';
import { critiqueLine, CritiqueVerdict } from '../continuity/CritiqueSummary';
import { FindingCard } from '../continuity/FindingCard';
import { useCritique } from '../continuity/queries';

/** What the continuity critic said about the chapter, each finding beside the evidence it contradicts. */
export function ChapterCritique({ novelId, number, cap }: { novelId: string; number: number; cap: number }) {
  const critique = useCritique(novelId, number, cap);
  return (
    <section className="section" aria-labelledby="critique-heading">
      <h2 id="critique-heading" className="section__title">
        Continuity critique {critique.data && <CritiqueVerdict critique={critique.data} />}
      </h2>
      {critique.isPending ? (
        <Skeleton label="Loading the critique…" rows={1} variant="lines" />
      ) : critique.isError ? (
        <ErrorNotice error={critique.error} title="Could not load the critique" onRetry={() => void critique.refetch()} />
      ) : !critique.data ? (
        <p className="muted">No critique was recorded for this chapter.</p>
      ) : (
        <>
          <p className="muted">{critiqueLine(critique.data)}</p>
          {critique.data.findings.length > 0 && (
            <ul className="stack stack--tight">
              {critique.data.findings.map((finding) => (
                <li key={finding.id}>
                  <FindingCard novelId={novelId} finding={finding} draftLabel="This chapter says" />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
