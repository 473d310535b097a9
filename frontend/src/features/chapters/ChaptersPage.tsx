import { CapLink } from '../../cap/CapLink';
import { EmptyState } from '../../components/EmptyState';
import { EntityLink } from '../../components/EntityLinks';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Loading } from '../../components/Loading';
import { NoChaptersYet } from '../../components/NoChaptersYet';
import { PageHeader } from '../../components/PageHeader';
import { formatNumber, meaningfulTitle, plural } from '../../lib/format';
import { novelPath } from '../../layout/navigation';
import { useNovelContext } from '../novels/NovelContext';
import { useChapters } from './queries';

/** `/novels/:id/chapters`: the chapters up to the cap. */
export function ChaptersPage() {
  const { novel, cap, latest } = useNovelContext();
  const chapters = useChapters(novel.id, cap);

  if (latest < 1) {
    return (
      <>
        <PageHeader title="Chapters" />
        <NoChaptersYet novelId={novel.id} />
      </>
    );
  }

  const totalWords = chapters.data?.reduce((sum, c) => sum + c.word_count, 0) ?? 0;
  return (
    <>
      <PageHeader title="Chapters">
        <p>
          {chapters.data
            ? `${plural(chapters.data.length, 'chapter')} and ${plural(totalWords, 'word')} up to chapter ${cap}.`
            : `The chapters up to chapter ${cap}.`}
          {cap < latest && ` ${plural(latest - cap, 'later chapter')} hidden by the slider.`}
        </p>
      </PageHeader>
      {chapters.isPending ? (
        <Loading label="Loading chapters…" />
      ) : chapters.isError ? (
        <ErrorNotice error={chapters.error} title="Could not load the chapters" onRetry={() => void chapters.refetch()} />
      ) : chapters.data.length === 0 ? (
        <EmptyState title="No chapters up to here">
          <p>No chapter has been processed up to chapter {cap}.</p>
        </EmptyState>
      ) : (
        <div className="table-wrap">
          <table className="data-table chapters-table">
            <caption className="visually-hidden">Chapters up to chapter {cap}</caption>
            <thead>
              <tr>
                <th scope="col" className="num">
                  #
                </th>
                <th scope="col">Chapter</th>
                <th scope="col" className="num">
                  Words
                </th>
              </tr>
            </thead>
            <tbody>
              {chapters.data.map((chapter) => (
                <tr key={chapter.number}>
                  <td className="num">{chapter.number}</td>
                  <td>
                    <CapLink to={novelPath(novel.id, `chapters/${chapter.number}`)}>
                      {meaningfulTitle(chapter.title) ?? `Chapter ${chapter.number}`}
                    </CapLink>
                    {chapter.summary && <p className="chapters-table__summary">{chapter.summary}</p>}
                    {chapter.narrator && (
                      <p className="chapters-table__narrator">
                        Told by <EntityLink novelId={novel.id} entity={chapter.narrator} />
                      </p>
                    )}
                  </td>
                  <td className="num">{formatNumber(chapter.word_count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
