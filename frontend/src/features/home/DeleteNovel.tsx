import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Novel } from '../../api/types';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useDeleteNovel } from '../novels/queries';

/** Deletes the novel after an explicit confirmation. */
export function DeleteNovel({ novel }: { novel: Novel }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteNovel();
  const navigate = useNavigate();

  if (!confirming) {
    return (
      <button type="button" className="button button--danger-outline" onClick={() => setConfirming(true)}>
        Delete this novel…
      </button>
    );
  }
  return (
    <div className="confirm" role="group" aria-label="Confirm deletion">
      <p>
        Delete “{novel.title}” with its chapters and everything extracted from them? This cannot be undone.
      </p>
      {remove.isError && <ErrorNotice error={remove.error} title="The novel was not deleted" />}
      <div className="form__actions">
        <button
          type="button"
          className="button button--danger"
          disabled={remove.isPending}
          onClick={() => remove.mutate(novel.id, { onSuccess: () => navigate('/') })}
        >
          {remove.isPending ? 'Deleting…' : 'Delete for good'}
        </button>
        <button type="button" className="button" onClick={() => setConfirming(false)} autoFocus>
          Keep it
        </button>
      </div>
    </div>
  );
}
