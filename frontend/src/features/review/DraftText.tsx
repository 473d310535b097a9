import { Fragment } from 'react';
import { splitSpans, type Span } from '../../lib/marks';

/**
 * The draft's text with the passages the findings quote highlighted and numbered like the
 * findings. Offsets count from the start of the draft; the text is untrusted and stays text.
 */
export function DraftText({ text, spans }: { text: string; spans: Span[] }) {
  const segments = splitSpans(text, spans);
  let run = new Set<number>();
  return (
    <div className="draft-text" tabIndex={0} aria-label="Draft text">
      {segments.map((segment, index) => {
        if (!segment.marked) return <span key={index}>{segment.text}</span>;
        for (const span of segment.spans ?? []) run.add(span + 1);
        const endsRun = !segments[index + 1]?.marked;
        const numbers = [...run].sort((a, b) => a - b);
        if (endsRun) run = new Set();
        return (
          <Fragment key={index}>
            <mark className="draft-text__mark" data-findings={(segment.spans ?? []).map((i) => i + 1).join(' ')}>
              {segment.text}
            </mark>
            {endsRun && (
              <sup className="draft-text__ref" aria-label={`(finding ${numbers.join(', ')})`}>
                {numbers.join(',')}
              </sup>
            )}
          </Fragment>
        );
      })}
    </div>
  );
}
