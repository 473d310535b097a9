import { formatNumber } from '../../lib/format';

interface LoadMoreProps {
  /** What the list holds, plural and lower case: "characters", "facts". */
  what: string;
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
}

/** "Load more characters (200 of 2,000 shown)": the next page of a long list, or nothing at its end. */
export function LoadMore({ what, shown, total, hasMore, loading, onMore }: LoadMoreProps) {
  if (!hasMore) return null;
  return (
    <div className="timeline__pager">
      <button type="button" className="button" disabled={loading} onClick={onMore}>
        {loading ? 'Loading…' : `Load more ${what} (${formatNumber(shown)} of ${formatNumber(total)} shown)`}
      </button>
    </div>
  );
}
