import { useId, useState } from 'react';
import type { DuplicatePair, DuplicateSide, MergeResult } from '../../api/types';
import { CapLink } from '../../cap/CapLink';
import { ConfirmDialog } from '../../components/Dialog';
import { EmptyState } from '../../components/EmptyState';
import { ErrorNotice } from '../../components/ErrorNotice';
import { NoChaptersYet } from '../../components/NoChaptersYet';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { formatNumber, plural } from '../../lib/format';
import { novelPath } from '../../layout/navigation';
import { typeLabel } from '../entities/kinds';
import { useNovelContext } from '../novels/NovelContext';
import { useDuplicates, useMerge } from './queries';

function Side({ novelId, side, role }: { novelId: string; side: DuplicateSide; role: string }) {
  return (
    <div className="dup-side">
      <p className="dup-side__role">{role}</p>
      <p className="dup-side__name">
        <CapLink to={novelPath(novelId, `entities/${side.id}`)}>{side.name}</CapLink>
      </p>
      <p className="dup-side__meta">
        {typeLabel(side.type)} · from chapter {side.first_chapter} · {plural(side.mention_count, 'mention')}
      </p>
      {side.aliases.length > 0 && <p className="dup-side__aliases">Also: {side.aliases.join(' · ')}</p>}
    </div>
  );
}

function MergeDialog({
  pair,
  pending,
  error,
  onMerge,
  onCancel,
}: {
  pair: DuplicatePair;
  pending: boolean;
  error: unknown;
  onMerge: (source: DuplicateSide, target: DuplicateSide) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [keepFirst, setKeepFirst] = useState(true);
  const target = keepFirst ? pair.keep : pair.merge;
  const source = keepFirst ? pair.merge : pair.keep;
  return (
    <ConfirmDialog
      title="Merge these two entries?"
      confirmLabel={`Merge into “${target.name}”`}
      pendingLabel="Merging…"
      danger
      pending={pending}
      onConfirm={() => onMerge(source, target)}
      onCancel={onCancel}
      notice={error ? <ErrorNotice error={error} title="Nothing was merged" /> : null}
    >
      <fieldset className="radio-group">
        <legend>Which entry stays?</legend>
        {[pair.keep, pair.merge].map((side, index) => (
          <label key={side.id} className="radio">
            <input type="radio" name={`${id}-keep`} checked={keepFirst === (index === 0)} onChange={() => setKeepFirst(index === 0)} disabled={pending} />
            Keep “{side.name}” ({plural(side.mention_count, 'mention')})
          </label>
        ))}
      </fieldset>
      <p>
        Every mention, event, relationship and fact about “{source.name}” will point to “{target.name}”, in every chapter. “{source.name}”
        becomes one of its other names. This cannot be undone.
      </p>
      {!pair.same_type && (
        <p className="notice notice--warning">
          They have different types ({typeLabel(pair.keep.type)} and {typeLabel(pair.merge.type)}); the merged entry is a{' '}
          {typeLabel(target.type).toLowerCase()}.
        </p>
      )}
    </ConfirmDialog>
  );
}

/** `/novels/:id/duplicates`: likely duplicate entries at the cap, and merging them. */
export function DuplicatesPage() {
  const { novel, cap, latest } = useNovelContext();
  const duplicates = useDuplicates(novel.id, cap);
  const merge = useMerge(novel.id, cap);
  const [confirming, setConfirming] = useState<DuplicatePair | null>(null);
  const [done, setDone] = useState<{ result: MergeResult; source: string } | null>(null);

  if (latest < 1) {
    return (
      <>
        <PageHeader title="Duplicates" />
        <NoChaptersYet novelId={novel.id} />
      </>
    );
  }

  return (
    <>
      <PageHeader title="Duplicates">
        <p>
          Entries that may be one and the same (“Charlotte” and “Charlotte Lucas”), found among the entities known by chapter {cap}. Merging
          repairs every chapter at once.
        </p>
      </PageHeader>

      {done && (
        <div className="notice notice--success" role="status">
          <p className="notice__title">
            Merged “{done.source}” into <CapLink to={novelPath(novel.id, `entities/${done.result.entity.id}`)}>{done.result.entity.name}</CapLink>.
          </p>
          <p>
            {formatNumber(Object.values(done.result.repointed).reduce((a, b) => a + b, 0))} references moved
            {Object.keys(done.result.repointed).length > 0 &&
              ` (${Object.entries(done.result.repointed)
                .filter(([, n]) => n > 0)
                .map(([table, n]) => `${table.replace(/_/g, ' ')}: ${formatNumber(n)}`)
                .join(', ')})`}
            .
          </p>
          <button type="button" className="link-button" onClick={() => setDone(null)}>
            Dismiss
          </button>
        </div>
      )}

      {duplicates.isPending ? (
        <Skeleton label="Looking for duplicates…" rows={3} />
      ) : duplicates.isError ? (
        <ErrorNotice error={duplicates.error} title="Could not look for duplicates" onRetry={() => void duplicates.refetch()} />
      ) : duplicates.data.length === 0 ? (
        <EmptyState title={`No likely duplicates at chapter ${cap}`}>
          <p>No two entries known by this chapter have names close enough to be the same one.</p>
        </EmptyState>
      ) : (
        <ul className="stack">
          {duplicates.data.map((pair) => (
            <li key={`${pair.keep.id}-${pair.merge.id}`} className="card dup-pair">
              <div className="dup-pair__sides">
                <Side novelId={novel.id} side={pair.keep} role="Likely the main entry" />
                <span className="dup-pair__arrow" aria-hidden="true">
                  ⇄
                </span>
                <Side novelId={novel.id} side={pair.merge} role="Possible duplicate" />
              </div>
              <div className="dup-pair__foot">
                <p className="dup-pair__reason">
                  <span className="badge badge--muted">{Math.round(pair.score * 100)}% alike</span> {pair.reason}
                </p>
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => {
                    merge.reset();
                    setConfirming(pair);
                  }}
                  aria-label={`Merge “${pair.merge.name}” and “${pair.keep.name}”`}
                >
                  Merge…
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      {confirming && (
        <MergeDialog
          pair={confirming}
          pending={merge.isPending}
          error={merge.error}
          onCancel={() => setConfirming(null)}
          onMerge={(source, target) =>
            merge.mutate(
              { source_id: source.id, target_id: target.id },
              {
                onSuccess: (result) => {
                  setDone({ result, source: source.name });
                  setConfirming(null);
                },
              },
            )
          }
        />
      )}
    </>
  );
}
