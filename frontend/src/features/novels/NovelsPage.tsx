import { ErrorNotice } from '../../components/ErrorNotice';
import { EmptyState } from '../../components/EmptyState';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { NewNovelForm } from './NewNovelForm';
import { NovelCard } from './NovelCard';
import { useNovels } from './queries';

/** `/`: every novel, and the form to start a new one. */
export function NovelsPage() {
  const novels = useNovels();
  return (
    <div className="page page--wide">
      <PageHeader title="Your novels">
        <p>
          Feed a novel in chapter by chapter. Continuum builds a wiki of its characters, places and facts that never
          shows anything past the chapter you have reached.
        </p>
      </PageHeader>
      <div className="novels-layout">
        <section aria-labelledby="novel-list-heading" className="novels-layout__list">
          <h2 id="novel-list-heading" className="visually-hidden">
            Novels
          </h2>
          {novels.isPending ? (
            <Loading label="Loading novels…" />
          ) : novels.isError ? (
            <ErrorNotice error={novels.error} title="Could not load your novels" onRetry={() => void novels.refetch()} />
          ) : novels.data.length === 0 ? (
            <EmptyState title="No novels yet">
              <p>
                Create your first novel with the “New novel” form. You will then paste or upload its chapters (or a whole book),
                and Continuum will read them one by one.
              </p>
            </EmptyState>
          ) : (
            <ul className="card-grid" aria-label="Novels">
              {novels.data.map((novel) => (
                <li key={novel.id}>
                  <NovelCard novel={novel} />
                </li>
              ))}
            </ul>
          )}
        </section>
        <aside className="novels-layout__form" aria-label="Create a novel">
          <NewNovelForm />
        </aside>
      </div>
    </div>
  );
}
