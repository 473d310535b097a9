export interface HighlightParts {
  before: string;
  match: string;
  after: string;
}

/**
 * Splits the context around the mention. `offset` is where the mention starts inside the
 * context (its chapter offset minus the context's); when the text is not found there, the
 * first occurrence (exact, then case-blind) is used; null when it is absent.
 */
export function splitAroundMention(context: string, mention: string, offset?: number): HighlightParts | null {
  if (!mention) return null;
  let at = -1;
  if (offset !== undefined && offset >= 0 && context.slice(offset, offset + mention.length) === mention) at = offset;
  if (at < 0) at = context.indexOf(mention);
  if (at < 0) at = context.toLowerCase().indexOf(mention.toLowerCase());
  if (at < 0) return null;
  return {
    before: context.slice(0, at),
    match: context.slice(at, at + mention.length),
    after: context.slice(at + mention.length),
  };
}

const startsCleanly = /^\s*[\p{Lu}\p{N}“"‘'([_—-]/u;
const endsCleanly = /[.!?;:”"’')\]_—-]\s*$/u;

/**
 * A context window cut out of a chapter can start or end inside a word ("sy, unaffected …
 * five minut"). Drops such half words and marks the cut with an ellipsis.
 */
export function trimToWords(parts: HighlightParts, cutAtStart: boolean): HighlightParts {
  let { before, after } = parts;
  if (cutAtStart && before && !startsCleanly.test(before)) {
    const space = before.search(/\s/);
    before = space >= 0 ? `…${before.slice(space).trimStart()}` : `…${before}`;
    if (before === '…') before = '… ';
  }
  if (after && !endsCleanly.test(after)) {
    const space = after.search(/\s\S*$/);
    after = `${space > 0 ? after.slice(0, space) : after}…`;
  }
  return { before, match: parts.match, after };
}
