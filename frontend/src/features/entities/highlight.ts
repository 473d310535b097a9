export interface HighlightParts {
  before: string;
  match: string;
  after: string;
}

/** Splits a sentence around the first occurrence of the mention (exact, then case-blind); null if absent. */
export function splitAroundMention(sentence: string, mention: string): HighlightParts | null {
  if (!mention) return null;
  let at = sentence.indexOf(mention);
  if (at < 0) at = sentence.toLowerCase().indexOf(mention.toLowerCase());
  if (at < 0) return null;
  return {
    before: sentence.slice(0, at),
    match: sentence.slice(at, at + mention.length),
    after: sentence.slice(at + mention.length),
  };
}
