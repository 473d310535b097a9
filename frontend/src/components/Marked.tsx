import type { Segment } from '../lib/marks';

/** Runs of text with the marked ones in <mark>; text only, never HTML. */
export function Marked({ segments, markClass }: { segments: Segment[]; markClass?: string }) {
  return (
    <>
      {segments.map((segment, index) =>
        segment.marked ? (
          <mark key={index} className={markClass}>
            {segment.text}
          </mark>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}
