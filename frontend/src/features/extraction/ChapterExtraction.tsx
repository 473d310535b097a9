import { ErrorNotice } from '../../components/ErrorNotice';
import { Skeleton } from '../../components/Skeleton';
import { isNotFound } from '../../api/errors';
import type { ChapterCost } from '../../api/types';
import { formatNumber, plural } from '../../lib/format';
import { AlignmentSummary } from './AlignmentSummary';
import { extractorLabel, formatLatency, formatShare, formatTokens, formatUsd } from './format';
import { PassTables } from './PassTables';
import { useChapterExtraction } from './queries';

/** The chapter's "Extraction" panel: which extractor read it, what its LLM calls cost, how well it aligned. */
export function ChapterExtraction({ novelId, number, cap }: { novelId: string; number: number; cap: number }) {
  const extraction = useChapterExtraction(novelId, number, cap);
  return (
    <section className="section extraction" aria-labelledby="extraction-heading">
      <h2 id="extraction-heading" className="section__title">
        Extraction
      </h2>
      {extraction.isPending ? (
        <Skeleton label="Loading the extraction…" rows={1} variant="lines" />
      ) : extraction.isError ? (
        isNotFound(extraction.error) ? (
          <p className="muted">Nothing was recorded about how this chapter was read.</p>
        ) : (
          <ErrorNotice error={extraction.error} title="Could not load the extraction" onRetry={() => void extraction.refetch()} />
        )
      ) : (
        <ExtractionDetails chapter={extraction.data} />
      )}
    </section>
  );
}

export function ExtractionDetails({ chapter }: { chapter: ChapterCost }) {
  if (!chapter.llm && chapter.calls === 0) {
    return (
      <p className="muted extraction__offline">
        Read by the <strong>{extractorLabel(chapter.extractor)}</strong> extractor — no LLM calls, $0.
      </p>
    );
  }
  return (
    <>
      <dl className="extraction__stats">
        <div>
          <dt>Extractor</dt>
          <dd>{extractorLabel(chapter.extractor)}</dd>
        </div>
        <div>
          <dt>Calls</dt>
          <dd>
            {formatNumber(chapter.calls)}
            {chapter.failed_calls > 0 && <span className="extraction__note"> ({chapter.failed_calls} failed)</span>}
          </dd>
        </div>
        <div>
          <dt>Tokens in / out</dt>
          <dd>
            {formatTokens(chapter.tokens_in)} / {formatTokens(chapter.tokens_out)}
          </dd>
        </div>
        <div>
          <dt>Cached</dt>
          <dd title={`${formatNumber(chapter.tokens_cached)} of ${plural(chapter.tokens_in, 'input token')}`}>
            {formatShare(chapter.cached_share)} of input
          </dd>
        </div>
        <div>
          <dt>Cost</dt>
          <dd>{formatUsd(chapter.cost_usd)}</dd>
        </div>
        <div>
          <dt>Call time</dt>
          <dd title="The calls' latencies summed; they partly ran at the same time">{formatLatency(chapter.latency_ms)}</dd>
        </div>
      </dl>
      {!chapter.stored && <p className="muted">Every attempt at this chapter failed; its calls were still billed.</p>}
      {chapter.alignment ? (
        <AlignmentSummary alignment={chapter.alignment} />
      ) : (
        <p className="muted">No alignment was recorded for this chapter.</p>
      )}
      <PassTables chapter={chapter} />
    </>
  );
}
