import { Link } from 'react-router';
import { novelPath } from '../layout/navigation';
import { EmptyState } from './EmptyState';

/** Shown on wiki pages of a novel that has no processed chapter yet. */
export function NoChaptersYet({ novelId }: { novelId: string }) {
  return (
    <EmptyState
      title="No chapters processed yet"
      action={
        <Link to={novelPath(novelId, 'process')} className="button button--primary">
          Process the first chapter
        </Link>
      }
    >
      <p>The wiki fills in as chapters are read. Paste or upload the first chapter (or the whole book) to begin.</p>
    </EmptyState>
  );
}
