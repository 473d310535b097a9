import { Link } from 'react-router';
import type { Novel } from '../../api/types';
import { plural } from '../../lib/format';
import { novelPath } from '../../layout/navigation';

/** One novel in the list: title, author and how far it has been processed. */
export function NovelCard({ novel }: { novel: Novel }) {
  return (
    <article className="card novel-card">
      <h2 className="novel-card__title">
        <Link to={novelPath(novel.id)} className="card__link">
          {novel.title}
        </Link>
      </h2>
      <p className="novel-card__author">{novel.author ? `by ${novel.author}` : 'Author not set'}</p>
      <p className="novel-card__stats">
        <span className="badge">{plural(novel.chapter_count, 'chapter')}</span>
        {novel.genre && <span className="badge badge--muted">{novel.genre}</span>}
      </p>
    </article>
  );
}
