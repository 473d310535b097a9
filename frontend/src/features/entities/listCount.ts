import { formatNumber } from '../../lib/format';

/** "3 matches for “finch”", "200 of 1,234 matches for “a”", "Showing 200 of 2,000": a paged list's count line. */
export function countLine(shown: number, total: number, q: string): string {
  if (q) {
    const matches = total === 1 ? 'match' : 'matches';
    return shown < total
      ? `${formatNumber(shown)} of ${formatNumber(total)} ${matches} for “${q}”`
      : `${formatNumber(total)} ${matches} for “${q}”`;
  }
  return shown < total ? `Showing ${formatNumber(shown)} of ${formatNumber(total)}` : `Showing all ${formatNumber(total)}`;
}
