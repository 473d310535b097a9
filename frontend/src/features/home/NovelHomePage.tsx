import type { NovelHome } from '../../api/types';
import { CapLink } from '../../cap/CapLink';
import { ErrorNotice } from '../../components/ErrorNotice';
import { NoChaptersYet } from '../../components/NoChaptersYet';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { chapterLabel } from '../../lib/format';
import { novelPath } from '../../layout/navigation';
import { useTopEntities } from '../entities/queries';
import { useNovelContext } from '../novels/NovelContext';
import { EventItem } from '../timeline/EventItem';
import { DeleteNovel } from './DeleteNovel';
import { useNovelHome } from './queries';
import { StatCard } from './StatCard';

/** How many of the leading characters the home page links to. */
export const MAIN_CHARACTERS = 8;

/** The leading characters at the cap, as quick links: the server's most mentioned, not a page sorted here. */
function MainCharacters({ novelId, cap }: { novelId: string; cap: number }) {
  const list = useTopEntities(novelId, 'characters', cap, MAIN_CHARACTERS);
  if (!list.data || list.data.length === 0) return null;
  const top = list.data;
  return (
    <section className="section" aria-labelledby="main-characters-heading">
      <h2 id="main-characters-heading">Most mentioned characters</h2>
      <ul className="chip-list">
        {top.map((entity) => (
          <li key={entity.id}>
            <CapLink to={novelPath(novelId, `entities/${entity.id}`)} className="chip">
              {entity.name}
            </CapLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Stats({ novelId, cap, home }: { novelId: string; cap: number; home: NovelHome | undefined }) {
  const c = home?.counts;
  return (
    <div className="stat-grid">
      <StatCard label={cap === 1 ? 'Chapter' : 'Chapters'} value={c?.chapters ?? (home ? cap : undefined)} to={novelPath(novelId, 'chapters')} />
      <StatCard label="Characters" value={c?.characters} to={novelPath(novelId, 'characters')} />
      <StatCard label="Locations" value={c?.locations} to={novelPath(novelId, 'locations')} />
      <StatCard label="Factions" value={c?.factions} to={novelPath(novelId, 'factions')} />
      <StatCard label="Objects" value={c?.objects} to={novelPath(novelId, 'objects')} />
      <StatCard label="Open threads" value={c?.open_threads} to={novelPath(novelId, 'threads')} />
      <StatCard label="Open setups" value={c?.open_setups} to={novelPath(novelId, 'commitments')} />
    </div>
  );
}

/** "Previously on": where the reader is, and the chapters just before. */
function Recap({ novelId, cap, home }: { novelId: string; cap: number; home: NovelHome }) {
  const current = home.previously.find((chapter) => chapter.number === cap);
  const earlier = home.previously.filter((chapter) => chapter.number !== cap).sort((a, b) => b.number - a.number);
  return (
    <>
      <section className="section summary-box" aria-labelledby="so-far-heading">
        <h2 id="so-far-heading">Where you are: chapter {cap}</h2>
        {current?.summary ? <p>{current.summary}</p> : <p className="muted">No summary has been written for chapter {cap}.</p>}
        <p>
          <CapLink to={novelPath(novelId, `chapters/${cap}`)}>Read {chapterLabel(cap, current?.title).replace(/^Chapter/, 'chapter')}</CapLink>
        </p>
      </section>
      {earlier.length > 0 && (
        <section className="section" aria-labelledby="previously-heading">
          <h2 id="previously-heading">Previously on {home.title}</h2>
          <ol className="recap">
            {earlier.map((chapter) => (
              <li key={chapter.number} className="recap__item">
                <CapLink to={novelPath(novelId, `chapters/${chapter.number}`)} className="recap__chapter">
                  {chapterLabel(chapter.number, chapter.title)}
                </CapLink>
                <p>{chapter.summary ?? <span className="muted">No summary.</span>}</p>
              </li>
            ))}
          </ol>
        </section>
      )}
      {home.top_events.length > 0 && (
        <section className="section" aria-labelledby="moments-heading">
          <h2 id="moments-heading">Key moments of these chapters</h2>
          <ol className="timeline__events">
            {home.top_events.map((event) => (
              <EventItem key={event.id} novelId={novelId} event={event} />
            ))}
          </ol>
          <p className="section__more">
            <CapLink to={novelPath(novelId, 'timeline')}>The whole timeline</CapLink>
          </p>
        </section>
      )}
    </>
  );
}

/** `/novels/:id`: the novel at a glance, as of the cap, with a "previously on" recap. */
export function NovelHomePage() {
  const { novel, cap, latest } = useNovelContext();
  const home = useNovelHome(novel.id, cap);
  return (
    <>
      <PageHeader title={novel.title} eyebrow="Novel">
        <p>
          {novel.author ? `By ${novel.author}. ` : ''}
          {latest >= 1 ? `Showing what is known by chapter ${cap} of ${latest}.` : 'Nothing has been processed yet.'}
        </p>
      </PageHeader>
      {latest < 1 ? (
        <NoChaptersYet novelId={novel.id} />
      ) : (
        <>
          <Stats novelId={novel.id} cap={cap} home={home.data} />
          {home.isPending ? (
            <Skeleton label="Loading the recap…" rows={2} variant="lines" />
          ) : home.isError ? (
            <ErrorNotice error={home.error} title="Could not load the recap" onRetry={() => void home.refetch()} />
          ) : (
            <Recap novelId={novel.id} cap={cap} home={home.data} />
          )}
          <MainCharacters novelId={novel.id} cap={cap} />
        </>
      )}
      <section className="section danger-zone" aria-labelledby="danger-heading">
        <h2 id="danger-heading">Delete</h2>
        <DeleteNovel novel={novel} />
      </section>
    </>
  );
}
