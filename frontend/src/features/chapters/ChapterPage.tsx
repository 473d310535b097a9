import { useParams } from 'react-router';
import { isNotFound } from '../../api/errors';
import { CapLink } from '../../cap/CapLink';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Icon } from '../../components/Icon';
import { Loading } from '../../components/Loading';
import { NoChaptersYet } from '../../components/NoChaptersYet';
import { NotYetInStory } from '../../components/NotYetInStory';
import { PageHeader } from '../../components/PageHeader';
import { chapterLabel, plural } from '../../lib/format';
import { novelPath } from '../../layout/navigation';
import { ChapterExtraction } from '../extraction/ChapterExtraction';
import { useNovelContext } from '../novels/NovelContext';
import { ChapterCritique } from './ChapterCritique';
import { ChapterNarration } from './ChapterNarration';
import { ChapterScenes } from './ChapterScenes';
import { ChapterText } from './ChapterText';
import { useChapter } from './queries';

/** `/novels/:id/chapters/:number`: the summary and the text of one chapter. */
export function ChapterPage() {
  const params = useParams();
  const number = Number(params.number);
  const { novel, cap, latest } = useNovelContext();
  const chapter = useChapter(novel.id, number, cap);

  if (latest < 1) return <NoChaptersYet novelId={novel.id} />;
  const beyondCap = !Number.isInteger(number) || number < 1 || number > cap;
  if (beyondCap || (chapter.isError && isNotFound(chapter.error))) {
    return (
      <NotYetInStory
        cap={cap}
        message={
          Number.isInteger(number) && number > cap
            ? `Chapter ${number} is past the chapter you have reached. Move the chapter slider forward to read it.`
            : 'There is no such chapter up to here.'
        }
        action={
          <CapLink to={novelPath(novel.id, 'chapters')} className="button">
            All chapters up to {cap}
          </CapLink>
        }
      />
    );
  }
  if (chapter.isPending) return <Loading label="Loading the chapter…" />;
  if (chapter.isError) {
    return <ErrorNotice error={chapter.error} title="Could not load the chapter" onRetry={() => void chapter.refetch()} />;
  }

  const data = chapter.data;
  return (
    <article className="chapter-page">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <CapLink to={novelPath(novel.id, 'chapters')}>Chapters</CapLink>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">Chapter {data.number}</span>
      </nav>
      <PageHeader title={chapterLabel(data.number, data.title)} eyebrow={`${novel.title} · ${plural(data.word_count, 'word')}`}>
        {data.first_person ? <ChapterNarration novelId={novel.id} chapter={data} /> : null}
      </PageHeader>
      {(data.summary_medium || data.summary) && (
        <section className="summary-box" aria-labelledby="summary-heading">
          <h2 id="summary-heading">Summary</h2>
          <p>{data.summary_medium || data.summary}</p>
        </section>
      )}
      <div className="chapter-page__extras">
        <ChapterScenes novelId={novel.id} number={data.number} cap={cap} />
        <ChapterCritique novelId={novel.id} number={data.number} cap={cap} />
        <ChapterExtraction novelId={novel.id} number={data.number} cap={cap} />
      </div>
      <section aria-label="Chapter text">
        <h2 className="chapter-page__text-heading">Text</h2>
        <ChapterText text={data.text} />
      </section>
      <nav className="pager" aria-label="Chapter navigation">
        {data.number > 1 ? (
          <CapLink to={novelPath(novel.id, `chapters/${data.number - 1}`)} className="pager__link" rel="prev">
            <Icon name="arrowLeft" size={16} /> Chapter {data.number - 1}
          </CapLink>
        ) : (
          <span />
        )}
        {data.number < cap ? (
          <CapLink to={novelPath(novel.id, `chapters/${data.number + 1}`)} className="pager__link" rel="next">
            Chapter {data.number + 1} <Icon name="arrowRight" size={16} />
          </CapLink>
        ) : data.number < latest ? (
          <span className="pager__end">You have reached chapter {cap}.</span>
        ) : (
          <span className="pager__end">Latest chapter</span>
        )}
      </nav>
    </article>
  );
}
