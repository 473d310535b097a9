import { CapLink } from '../../cap/CapLink';
import type { ExtractionCosts } from '../../api/types';
import { chapterLabel, formatNumber } from '../../lib/format';
import { novelPath } from '../../layout/navigation';
import { extractorLabel, formatShare, formatTokens, formatUsd } from './format';

/** One row per chapter up to the cap: extractor, calls, tokens, cost, dropped share; totals at the foot. */
export function ExtractionCostTable({ novelId, costs }: { novelId: string; costs: ExtractionCosts }) {
  const { totals } = costs;
  return (
    <div className="table-wrap">
      <table className="data-table extraction-table">
        <caption className="visually-hidden">Extraction cost per chapter up to chapter {costs.cap}</caption>
        <thead>
          <tr>
            <th scope="col" className="num">#</th>
            <th scope="col">Chapter</th>
            <th scope="col">Extractor</th>
            <th scope="col" className="num">Calls</th>
            <th scope="col" className="num">Tokens in</th>
            <th scope="col" className="num">Out</th>
            <th scope="col" className="num">Cached</th>
            <th scope="col" className="num">Cost</th>
            <th scope="col" className="num">Dropped</th>
          </tr>
        </thead>
        <tbody>
          {costs.chapters.map((row) => (
            <tr key={row.chapter}>
              <td className="num">{row.chapter}</td>
              <td className="extraction-table__chapter">
                {row.stored ? (
                  <CapLink to={novelPath(novelId, `chapters/${row.chapter}`)}>{chapterLabel(row.chapter, row.title)}</CapLink>
                ) : (
                  <span className="muted">Chapter {row.chapter} (failed, not stored)</span>
                )}
              </td>
              {!row.llm && row.calls === 0 ? (
                <td colSpan={7} className="muted">
                  {extractorLabel(row.extractor)} extractor — no LLM calls, $0
                </td>
              ) : (
                <>
                  <td className="extraction-table__extractor">{extractorLabel(row.extractor)}</td>
                  <td className="num">
                    {formatNumber(row.calls)}
                    {row.failed_calls > 0 && <span className="extraction__note"> ({row.failed_calls} failed)</span>}
                  </td>
                  <td className="num">{formatTokens(row.tokens_in)}</td>
                  <td className="num">{formatTokens(row.tokens_out)}</td>
                  <td className="num">{formatShare(row.cached_share)}</td>
                  <td className="num">{formatUsd(row.cost_usd)}</td>
                  <td className="num">
                    {row.alignment ? (
                      row.alignment.warning ? (
                        <span className="badge badge--lock" title={`More than ${formatShare(costs.drop_warning)} of items dropped`}>
                          ⚠ {formatShare(row.alignment.dropped_share)}
                        </span>
                      ) : (
                        formatShare(row.alignment.dropped_share)
                      )
                    ) : (
                      '—'
                    )}
                  </td>
                </>
              )}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              Total
            </th>
            <td className="num">{formatNumber(totals.calls)}</td>
            <td className="num">{formatTokens(totals.tokens_in)}</td>
            <td className="num">{formatTokens(totals.tokens_out)}</td>
            <td className="num">{formatShare(totals.cached_share)}</td>
            <td className="num">{formatUsd(totals.cost_usd)}</td>
            <td className="num">{totals.alignment_warnings > 0 ? `${totals.alignment_warnings} ⚠` : ''}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
