import type { ChapterCost } from '../../api/types';
import { formatLatency, formatShare, formatTokens, formatUsd } from './format';

/** The chapter's calls per pass group, and its alignment per extraction pass. */
export function PassTables({ chapter }: { chapter: ChapterCost }) {
  return (
    <details className="extraction__passes">
      <summary>Per pass</summary>
      {chapter.passes.length > 0 && (
        <div className="table-wrap">
          <table className="data-table">
            <caption className="extraction__caption">LLM calls per pass group</caption>
            <thead>
              <tr>
                <th scope="col">Call</th>
                <th scope="col" className="num">Calls</th>
                <th scope="col" className="num">Tokens in</th>
                <th scope="col" className="num">Out</th>
                <th scope="col" className="num">Cached</th>
                <th scope="col" className="num">Cost</th>
                <th scope="col" className="num">Latency</th>
              </tr>
            </thead>
            <tbody>
              {chapter.passes.map((p) => (
                <tr key={`${p.pass_name}:${p.model}`}>
                  <td>
                    {p.pass_name}
                    {p.failed_calls > 0 && <span className="badge badge--lock">{p.failed_calls} failed</span>}
                  </td>
                  <td className="num">{p.calls}</td>
                  <td className="num">{formatTokens(p.tokens_in)}</td>
                  <td className="num">{formatTokens(p.tokens_out)}</td>
                  <td className="num">{formatTokens(p.tokens_cached)}</td>
                  <td className="num">{formatUsd(p.cost_usd)}</td>
                  <td className="num">{formatLatency(p.latency_ms)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {chapter.alignment && chapter.alignment.passes.length > 0 && (
        <div className="table-wrap">
          <table className="data-table">
            <caption className="extraction__caption">Alignment per extraction pass</caption>
            <thead>
              <tr>
                <th scope="col">Pass</th>
                <th scope="col" className="num">Returned</th>
                <th scope="col" className="num">Aligned</th>
                <th scope="col" className="num">Dropped</th>
                <th scope="col" className="num">Invalid</th>
              </tr>
            </thead>
            <tbody>
              {chapter.alignment.passes.map((p) => (
                <tr key={p.pass_name}>
                  <td>{p.pass_name}</td>
                  <td className="num">{p.returned}</td>
                  <td className="num">{p.aligned}</td>
                  <td className="num">
                    {p.dropped}
                    {p.aligned + p.dropped > 0 && ` (${formatShare(p.dropped / (p.aligned + p.dropped))})`}
                  </td>
                  <td className="num">{p.invalid}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </details>
  );
}
