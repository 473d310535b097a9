import type { EntityRef } from '../../api/types';
import { EntityLink } from '../../components/EntityLinks';

interface Narrated {
  first_person?: boolean;
  narrator?: EntityRef | null;
}

/** Who tells the chapter, when it is told by "I": linked when the extractor could name them. */
export function ChapterNarration({ novelId, chapter }: { novelId: string; chapter: Narrated }) {
  if (!chapter.first_person) return null;
  return (
    <p className="chapter-narration">
      {chapter.narrator ? (
        <>
          Told in the first person by <EntityLink novelId={novelId} entity={chapter.narrator} />.
        </>
      ) : (
        'Told in the first person by a narrator this chapter does not name.'
      )}
    </p>
  );
}
