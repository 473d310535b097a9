import { errorMessage } from '../api/errors';

interface ErrorNoticeProps {
  error: unknown;
  title?: string;
  onRetry?: () => void;
}

/** The one place errors are shown: a sentence from the server's `detail`, never raw JSON. */
export function ErrorNotice({ error, title = 'Something went wrong', onRetry }: ErrorNoticeProps) {
  return (
    <div className="notice notice--error" role="alert">
      <p className="notice__title">{title}</p>
      <p>{errorMessage(error)}</p>
      {onRetry && (
        <button type="button" className="button button--small" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
