import { useState } from 'react';
import type { CanonFact } from '../../api/types';
import { CapLink } from '../../cap/CapLink';
import { ErrorNotice } from '../../components/ErrorNotice';
import { novelPath } from '../../layout/navigation';
import { CanonEditForm } from './CanonEditForm';
import { predicateLabel } from './canonForm';
import { useChangeFact } from './queries';

/** One canon fact with its evidence, and the author's lock, unlock and edit. */
export function CanonFactItem({ novelId, cap, fact }: { novelId: string; cap: number; fact: CanonFact }) {
  const change = useChangeFact(novelId, cap);
  const [editing, setEditing] = useState(false);
  const what = `${fact.subject}'s ${predicateLabel(fact.predicate)}`;

  return (
    <li className={`canon-fact${fact.locked ? ' canon-fact--locked' : ''}${fact.current ? '' : ' canon-fact--old'}`}>
      <div className="canon-fact__main">
        <p className="canon-fact__statement">
          <span className="canon-fact__predicate">{predicateLabel(fact.predicate)}</span>
          <span className="canon-fact__value">{fact.value}</span>
        </p>
        <p className="canon-fact__meta">
          <CapLink to={novelPath(novelId, `chapters/${fact.chapter}`)}>Chapter {fact.chapter}</CapLink>
          <span> · {fact.kind}</span>
          <span> · {Math.round(fact.confidence * 100)}% sure</span>
          {fact.locked && <span className="badge badge--lock">Locked</span>}
          {fact.edited && <span className="badge badge--accent">Edited by the author</span>}
          {!fact.current && <span className="badge badge--muted" title="A later chapter restates this fact">Restated later</span>}
        </p>
        {fact.evidence_quote && <blockquote className="canon-fact__quote">{fact.evidence_quote}</blockquote>}
      </div>
      {editing ? (
        <CanonEditForm
          fact={fact}
          pending={change.isPending}
          error={change.error}
          onCancel={() => {
            change.reset();
            setEditing(false);
          }}
          onSave={(value) => change.mutate({ fact, action: 'edit', value }, { onSuccess: () => setEditing(false) })}
        />
      ) : (
        <div className="canon-fact__actions">
          <button
            type="button"
            className={`button button--small${fact.locked ? '' : ' button--lock'}`}
            aria-label={`${fact.locked ? 'Unlock' : 'Lock'} ${what}: ${fact.value}`}
            disabled={change.isPending}
            onClick={() => change.mutate({ fact, action: fact.locked ? 'unlock' : 'lock' })}
          >
            {change.isPending ? 'Saving…' : fact.locked ? 'Unlock' : 'Lock'}
          </button>
          <button
            type="button"
            className="button button--small"
            aria-label={`Edit ${what}: ${fact.value}`}
            disabled={change.isPending}
            onClick={() => {
              change.reset();
              setEditing(true);
            }}
          >
            Edit
          </button>
        </div>
      )}
      {!editing && change.isError && <ErrorNotice error={change.error} title="The fact was not changed" />}
    </li>
  );
}
