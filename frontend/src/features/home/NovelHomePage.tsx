import { CapLink } from '../../cap/CapLink';
import { NoChaptersYet } from '../../components/NoChaptersYet';
import { PageHeader } from '../../components/PageHeader';
import { chapterLabel } from '../../lib/format';
import { novelPath } from '../../layout/navigation';
import { useChapter } from '../chapters/queries';
import { entityKinds, type EntityKind } from '../entities/kinds';
import { useEntityList } from '../entities/queries';
import { useNovelContext } from '../novels/NovelContext';
import { DeleteNovel } from './DeleteNovel';
import { StatCard } from './StatCard';

const kinds: EntityKind[] = ['characters', 'locations', 'factions', 'objects'];

function KindStat({ novelId, kind, cap }: { novelId: string; kind: EntityKind; cap: number }) {
  const list = useEntityList(novelId, kind, cap);
  return <StatCard label={entityKinds[kind].title} value={list.data?.length} to={novelPath(novelId, kind)} />;
}

/** The leading characters at the cap, as quick links. */
function MainCharacters({ novelId, cap }: { novelId: string; cap: number }) {
  const list = useEntityList(novelId, 'characters', cap);
  if (!list.data || list.data.length === 0) return null;
  const top = [...list.data].sort((a, b) => b.mention_count - a.mention_count).slice(0, 8);
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

/** Where the story stands at the cap: the summary of the chapter reached. */
function StorySoFar({ novelId, cap }: { novelId: string; cap: number }) {
  const chapter = useChapter(novelId, cap, cap);
  return (
    <section className="section summary-box" aria-labelledby="so-far-heading">
      <h2 id="so-far-heading">Where you are: chapter {cap}</h2>
      {chapter.data?.summary ? (
        <p>{chapter.data.summary}</p>
      ) : (
        <p className="muted">{chapter.isPending ? 'Loading…' : `No summary has been written for chapter ${cap}.`}</p>
      )}
      <p>
        <CapLink to={novelPath(novelId, `chapters/${cap}`)}>
          Read {chapterLabel(cap, chapter.data?.title).replace(/^Chapter/, 'chapter')}
        </CapLink>
      </p>
    </section>
  );
}

/** `/novels/:id`: the novel at a glance, as of the cap. */
export function NovelHomePage() {
  const { novel, cap, latest } = useNovelContext();
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
          <div className="stat-grid">
            <StatCard label={cap === 1 ? 'Chapter' : 'Chapters'} value={cap} to={novelPath(novel.id, 'chapters')} />
            {kinds.map((kind) => (
              <KindStat key={kind} novelId={novel.id} kind={kind} cap={cap} />
            ))}
          </div>
          <StorySoFar novelId={novel.id} cap={cap} />
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
