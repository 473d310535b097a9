import { useMemo, useState } from 'react';
import { CapLink } from '../../cap/CapLink';
import { EmptyState } from '../../components/EmptyState';
import { EntityChips } from '../../components/EntityLinks';
import { ErrorNotice } from '../../components/ErrorNotice';
import { FilterChips } from '../../components/FilterChips';
import { NoChaptersYet } from '../../components/NoChaptersYet';
import { PageHeader } from '../../components/PageHeader';
import { Severity } from '../../components/Severity';
import { Skeleton } from '../../components/Skeleton';
import { plural } from '../../lib/format';
import { novelPath } from '../../layout/navigation';
import { typeLabel } from '../entities/kinds';
import { useNovelContext } from '../novels/NovelContext';
import { critiqueLine, CritiqueVerdict } from './CritiqueSummary';
import { FindingCard } from './FindingCard';
import { useCritiqueCounts, useCritiques, useFlags } from './queries';

const severityRank: Record<string, number> = { FAIL: 0, WARN: 1, INFO: 2 };

function Critiques({ novelId, cap }: { novelId: string; cap: number }) {
  const [onlyProblems, setOnlyProblems] = useState(true);
  const pages = useCritiques(novelId, cap, onlyProblems);
  const { judged, withFindings } = useCritiqueCounts(novelId, cap);
  const shown = useMemo(() => pages.data?.pages.flatMap((page) => page.items) ?? [], [pages.data]);
  const total = pages.data?.pages[0]?.total ?? 0;
  if (judged === 0) {
    return (
      <EmptyState title="No critique recorded">
        <p>The continuity critic reports on each chapter as it is processed; none of the chapters up to {cap} has a report.</p>
      </EmptyState>
    );
  }
  return (
    <>
      {judged !== undefined && withFindings !== undefined && (
        <p className="section__lead">
          {plural(judged, 'chapter')} judged, {plural(withFindings, 'chapter')} with findings.
        </p>
      )}
      <label className="checkbox">
        <input type="checkbox" checked={onlyProblems} onChange={(event) => setOnlyProblems(event.target.checked)} />
        Only chapters with findings
      </label>
      {pages.isPending ? (
        <Skeleton label="Loading the critiques…" rows={2} variant="lines" />
      ) : pages.isError ? (
        <ErrorNotice error={pages.error} title="Could not load the critiques" onRetry={() => void pages.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyState title="Every chapter passed">
          <p>No chapter up to {cap} contradicts the ones before it.</p>
        </EmptyState>
      ) : (
        <ul className="stack">
          {shown.map((critique) => (
            <li key={critique.chapter}>
              <article className="card critique">
                <header className="critique__head">
                  <h3>
                    <CapLink to={novelPath(novelId, `chapters/${critique.chapter}`)}>Chapter {critique.chapter}</CapLink>
                  </h3>
                  <CritiqueVerdict critique={critique} />
                </header>
                <p className="muted">{critiqueLine(critique)}</p>
                {critique.findings.length > 0 && (
                  <ul className="stack stack--tight">
                    {critique.findings.map((finding) => (
                      <li key={finding.id}>
                        <FindingCard novelId={novelId} finding={finding} draftLabel={`Chapter ${critique.chapter} says`} draftChapter={critique.chapter} />
                      </li>
                    ))}
                  </ul>
                )}
              </article>
            </li>
          ))}
        </ul>
      )}
      {pages.hasNextPage && (
        <div className="timeline__pager">
          <button type="button" className="button" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
            {pages.isFetchingNextPage ? 'Loading…' : `Load more critiques (${shown.length} of ${total} shown)`}
          </button>
        </div>
      )}
    </>
  );
}

function Flags({ novelId, cap }: { novelId: string; cap: number }) {
  const flags = useFlags(novelId, cap);
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  const kinds = useMemo(() => {
    const counts = new Map<string, number>();
    for (const flag of flags.data ?? []) counts.set(flag.kind, (counts.get(flag.kind) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => b[1] - a[1]);
  }, [flags.data]);
  if (flags.isPending) return <Skeleton label="Loading the flags…" rows={2} variant="lines" />;
  if (flags.isError) return <ErrorNotice error={flags.error} title="Could not load the flags" onRetry={() => void flags.refetch()} />;
  if (flags.data.length === 0) {
    return (
      <EmptyState title={`No flags yet at chapter ${cap}`}>
        <p>Foreshadowing, setups, callbacks and contradictions of locked canon are flagged here as chapters are read.</p>
      </EmptyState>
    );
  }
  const shown = flags.data
    .filter((flag) => !hidden.has(flag.kind))
    .sort((a, b) => (severityRank[a.severity] ?? 3) - (severityRank[b.severity] ?? 3) || b.chapter - a.chapter);
  return (
    <>
      <FilterChips
        label="Kinds"
        options={kinds.map(([kind, count]) => ({ value: kind, label: typeLabel(kind), count }))}
        selected={new Set(kinds.map(([kind]) => kind).filter((kind) => !hidden.has(kind)))}
        onToggle={(kind) =>
          setHidden((previous) => {
            const next = new Set(previous);
            if (next.has(kind)) next.delete(kind);
            else next.add(kind);
            return next;
          })
        }
        onAll={() => setHidden(new Set())}
      />
      <ul className="stack stack--tight">
        {shown.map((flag) => (
          <li key={flag.id} className="card flag">
            <header className="flag__head">
              <Severity level={flag.severity} />
              <span className="flag__kind">{typeLabel(flag.kind)}</span>
              <CapLink to={novelPath(novelId, `chapters/${flag.chapter}`)} className="flag__chapter">
                Chapter {flag.chapter}
              </CapLink>
            </header>
            <p className="flag__description">{flag.description}</p>
            {flag.evidence_quote && !flag.description.includes(flag.evidence_quote) && <blockquote className="flag__quote">{flag.evidence_quote}</blockquote>}
            <EntityChips novelId={novelId} entities={flag.entities} label="Concerns" />
          </li>
        ))}
      </ul>
    </>
  );
}

/** `/novels/:id/continuity`: each chapter's critique (draft beside evidence) and the continuity flags. */
export function ContinuityPage() {
  const { novel, cap, latest } = useNovelContext();
  if (latest < 1) {
    return (
      <>
        <PageHeader title="Flags and critiques" />
        <NoChaptersYet novelId={novel.id} />
      </>
    );
  }
  return (
    <>
      <PageHeader title="Flags and critiques">
        <p>
          Each chapter is checked against the story as it stood before it. Below: what the critic found in chapters 1 to {cap}, each
          quote beside the earlier passage it contradicts, then the flags raised while reading.
        </p>
      </PageHeader>
      <section className="section" aria-labelledby="critiques-heading">
        <h2 id="critiques-heading">Critiques</h2>
        <Critiques novelId={novel.id} cap={cap} />
      </section>
      <section className="section" aria-labelledby="flags-heading">
        <h2 id="flags-heading">Continuity flags</h2>
        <Flags novelId={novel.id} cap={cap} />
      </section>
    </>
  );
}
