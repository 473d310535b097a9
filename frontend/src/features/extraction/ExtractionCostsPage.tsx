import { EmptyState } from '../../components/EmptyState';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Loading } from '../../components/Loading';
import { NoChaptersYet } from '../../components/NoChaptersYet';
import { PageHeader } from '../../components/PageHeader';
import { plural } from '../../lib/format';
import { useNovelContext } from '../novels/NovelContext';
import { ExtractionCostTable } from './ExtractionCostTable';
import { formatShare, formatUsd } from './format';
import { useExtractionCosts } from './queries';

/** `/novels/:id/extraction`: what reading each chapter up to the cap cost, and how well it aligned. */
export function ExtractionCostsPage() {
  const { novel, cap, latest } = useNovelContext();
  const costs = useExtractionCosts(novel.id, cap);

  if (latest < 1) {
    return (
      <>
        <PageHeader title="Extraction cost" />
        <NoChaptersYet novelId={novel.id} />
      </>
    );
  }
  const totals = costs.data?.totals;
  return (
    <>
      <PageHeader title="Extraction cost">
        <p>
          {totals
            ? `${formatUsd(totals.cost_usd)} for ${plural(totals.calls, 'LLM call')} over ${plural(totals.chapters, 'chapter')} up to chapter ${cap}` +
              (totals.llm_chapters < totals.chapters ? ` (${totals.chapters - totals.llm_chapters} read offline, free).` : '.')
            : `What reading each chapter up to chapter ${cap} cost.`}
          {cap < latest && ` ${plural(latest - cap, 'later chapter')} hidden by the slider.`}
        </p>
      </PageHeader>
      {costs.isPending ? (
        <Loading label="Loading the costs…" />
      ) : costs.isError ? (
        <ErrorNotice error={costs.error} title="Could not load the extraction costs" onRetry={() => void costs.refetch()} />
      ) : costs.data.chapters.length === 0 ? (
        <EmptyState title="No chapters up to here">
          <p>No chapter has been processed up to chapter {cap}.</p>
        </EmptyState>
      ) : (
        <>
          {costs.data.totals.alignment_warnings > 0 && (
            <div className="notice notice--warning extraction__warning" role="note" aria-label="Alignment warning">
              <p className="notice__title">
                <span aria-hidden="true">⚠ </span>
                {plural(costs.data.totals.alignment_warnings, 'chapter')} dropped more than {formatShare(costs.data.drop_warning)} of the
                items the model returned
              </p>
              <p>Their evidence was not found in the chapter text. Open the chapter to see which passes dropped them.</p>
            </div>
          )}
          <ExtractionCostTable novelId={novel.id} costs={costs.data} />
        </>
      )}
    </>
  );
}
