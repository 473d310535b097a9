const numberFormat = new Intl.NumberFormat('en');

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** "1 chapter", "3 chapters". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatNumber(count)} ${count === 1 ? singular : pluralForm}`;
}

/** A chapter title that says more than its number: "Chapter III" or "CHAPTER 3." say nothing new. */
export function meaningfulTitle(title: string | null | undefined): string | null {
  const clean = title?.trim() ?? '';
  if (!clean || /^(chapter|chap\.?|ch\.?)?\s*([0-9]+|[ivxlcdm]+)\.?$/i.test(clean)) return null;
  return clean;
}

/** "Chapter 3" or "Chapter 3: The Ball". */
export function chapterLabel(number: number, title?: string | null): string {
  const meaningful = meaningfulTitle(title);
  return meaningful ? `Chapter ${number}: ${meaningful}` : `Chapter ${number}`;
}

/** Runs of consecutive chapter numbers: [3, 4, 5, 9] -> ["3–5", "9"]. */
export function chapterRuns(numbers: readonly number[]): string[] {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const n of sorted) {
    const last = runs[runs.length - 1];
    if (last && n === last[1] + 1) last[1] = n;
    else runs.push([n, n]);
  }
  return runs.map(([from, to]) => (from === to ? `${from}` : `${from}–${to}`));
}

/** Chapter numbers as ranges: [3, 4, 5, 9] -> "chapters 3–5 and 9", [7] -> "chapter 7". */
export function chapterRanges(numbers: readonly number[]): string {
  const labels = chapterRuns(numbers);
  const tail = labels.pop();
  if (tail === undefined) return '';
  const list = labels.length > 0 ? `${labels.join(', ')} and ${tail}` : tail;
  return `${new Set(numbers).size === 1 ? 'chapter' : 'chapters'} ${list}`;
}

const dateTimeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** "29 Nov 2026, 20:51" in the reader's time zone; the raw text when it is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
}
