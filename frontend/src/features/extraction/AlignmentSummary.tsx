import type { Alignment } from '../../api/types';
import { plural } from '../../lib/format';
import { formatShare } from './format';

/** "41 of 56 items aligned…", with a visible warning when more than the threshold were dropped. */
export function AlignmentSummary({ alignment, threshold = 0.2 }: { alignment: Alignment; threshold?: number }) {
  const kept = `${alignment.aligned} of ${plural(alignment.returned, 'item')} the model returned had their evidence found in the text`;
  const dropped = `${alignment.dropped} dropped (${formatShare(alignment.dropped_share)})`;
  const invalid = alignment.invalid > 0 ? `, ${alignment.invalid} invalid` : '';
  if (!alignment.warning) {
    return (
      <p className="extraction__alignment">
        {kept}; {dropped}
        {invalid}.
      </p>
    );
  }
  return (
    <div className="notice notice--warning extraction__warning" role="note" aria-label="Alignment warning">
      <p className="notice__title">
        <span aria-hidden="true">⚠ </span>
        {formatShare(alignment.dropped_share)} of items dropped — above {formatShare(threshold)}
      </p>
      <p>
        {kept}; {dropped}
        {invalid}. The model quoted text that is not in the chapter, so some of what it found is missing from the wiki.
      </p>
    </div>
  );
}
