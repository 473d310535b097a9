/** A run of text, marked (highlighted) or not. Rendered as text nodes, never as HTML. */
export interface Segment {
  text: string;
  marked: boolean;
  /** For spans: the indexes of the spans that cover this run. */
  spans?: number[];
}

const OPEN = '«';
const CLOSE = '»';

/**
 * Splits a search snippet whose matches the API wraps in « ». A « without its » (or a »
 * without its «) is ordinary text; adjacent runs of the same kind are joined.
 */
export function splitMarked(snippet: string): Segment[] {
  const segments: Segment[] = [];
  const push = (text: string, marked: boolean) => {
    if (!text) return;
    const last = segments[segments.length - 1];
    if (last && last.marked === marked) last.text += text;
    else segments.push({ text, marked });
  };
  let at = 0;
  while (at < snippet.length) {
    const open = snippet.indexOf(OPEN, at);
    if (open < 0) break;
    const close = snippet.indexOf(CLOSE, open + 1);
    if (close < 0) break;
    // A second « before the » means the first one was literal.
    const reopen = snippet.lastIndexOf(OPEN, close);
    push(snippet.slice(at, reopen), false);
    push(snippet.slice(reopen + 1, close), true);
    at = close + 1;
  }
  push(snippet.slice(at), false);
  return segments;
}

/** A span of a text by character offsets, as the backend counts them (Unicode code points). */
export interface Span {
  start: number | null | undefined;
  end: number | null | undefined;
  /** The text the span should cover; used to check the offsets and to find it if they are off. */
  quote?: string | null;
}

/** The UTF-16 index of the `n`th code point (Python offsets count code points, JS strings UTF-16 units). */
export function codePointIndex(text: string, n: number): number {
  let units = 0;
  let points = 0;
  while (points < n && units < text.length) {
    const code = text.codePointAt(units) ?? 0;
    units += code > 0xffff ? 2 : 1;
    points += 1;
  }
  return units;
}

/** Where a span really sits in `text` (UTF-16 indexes), or null when it cannot be placed. */
export function locateSpan(text: string, span: Span): [number, number] | null {
  const quote = span.quote ?? '';
  if (span.start != null && span.end != null && span.end > span.start && span.start >= 0) {
    const start = codePointIndex(text, span.start);
    const end = codePointIndex(text, span.end);
    if (start < end && (!quote || text.slice(start, end) === quote)) return [start, end];
  }
  if (quote) {
    const at = text.indexOf(quote);
    if (at >= 0) return [at, at + quote.length];
  }
  return null;
}

/**
 * Cuts `text` into runs at the edges of the spans; a run is marked when at least one span
 * covers it, and lists which. Spans that overlap, repeat or fall outside the text are fine.
 */
export function splitSpans(text: string, spans: Span[]): Segment[] {
  const placed = spans
    .map((span, index) => ({ index, at: locateSpan(text, span) }))
    .filter((item): item is { index: number; at: [number, number] } => item.at !== null);
  const cuts = new Set<number>([0, text.length]);
  for (const { at } of placed) {
    cuts.add(at[0]);
    cuts.add(at[1]);
  }
  const edges = [...cuts].sort((a, b) => a - b);
  const segments: Segment[] = [];
  for (let i = 0; i < edges.length - 1; i += 1) {
    const from = edges[i] ?? 0;
    const to = edges[i + 1] ?? 0;
    if (to <= from) continue;
    const covering = placed.filter(({ at }) => at[0] <= from && at[1] >= to).map(({ index }) => index);
    const marked = covering.length > 0;
    const last = segments[segments.length - 1];
    const sameSpans = last && last.marked === marked && (last.spans ?? []).join() === covering.join();
    if (last && sameSpans) last.text += text.slice(from, to);
    else segments.push(marked ? { text: text.slice(from, to), marked, spans: covering } : { text: text.slice(from, to), marked });
  }
  return segments;
}
