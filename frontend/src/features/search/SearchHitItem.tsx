import type { SearchHit } from '../../api/types';
import { CapLink } from '../../cap/CapLink';
import { Marked } from '../../components/Marked';
import { splitMarked } from '../../lib/marks';
import { novelPath } from '../../layout/navigation';
import { typeLabel } from '../entities/kinds';

const kindLabels: Record<SearchHit['kind'], string> = {
  passage: 'Passage',
  scene: 'Scene',
  event: 'Event',
  entity: 'Entry',
};

/** Marks a snippet cut out of running text with ellipses where it starts or ends mid-sentence. */
export function withEllipses(snippet: string): string {
  let text = snippet.trim();
  if (/^[\p{Ll},;:)\]»]/u.test(text)) text = `…${text}`;
  if (!/[.!?”"’')\]»]$/u.test(text)) text = `${text}…`;
  return text;
}

/** One search result: where it is, and the snippet with the matched words marked (as text, never HTML). */
export function SearchHitItem({ novelId, hit }: { novelId: string; hit: SearchHit }) {
  const entity = hit.kind === 'entity' ? hit.entity : null;
  return (
    <li className={`search-hit search-hit--${hit.kind}`}>
      <p className="search-hit__where">
        <span className="badge badge--muted">{entity ? typeLabel(entity.type) : kindLabels[hit.kind]}</span>
        {entity ? (
          <CapLink to={novelPath(novelId, `entities/${entity.id}`)} className="search-hit__title">
            {entity.name}
          </CapLink>
        ) : (
          <CapLink to={novelPath(novelId, `chapters/${hit.chapter}`)} className="search-hit__title">
            Chapter {hit.chapter}
          </CapLink>
        )}
        {entity && <span className="muted">first in chapter {hit.chapter}</span>}
      </p>
      {!(entity && hit.snippet === entity.name) && (
        <p className="search-hit__snippet">
          <Marked segments={splitMarked(withEllipses(hit.snippet))} />
        </p>
      )}
    </li>
  );
}
