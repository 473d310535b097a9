import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { EmptyState } from './EmptyState';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="page">
      <h1 className="visually-hidden">Page not found</h1>
      <EmptyState title="There is no page at this address" action={<Link to="/" className="button">Go to your novels</Link>}>
        <p>Check the link, or start from the list of novels.</p>
      </EmptyState>
    </div>
  );
}
