import { useId, useState, type FormEvent } from 'react';
import type { CanonFact } from '../../api/types';
import { ErrorNotice } from '../../components/ErrorNotice';
import { CANON_VALUE_MAX, predicateLabel, validateCanonValue } from './canonForm';

interface CanonEditFormProps {
  fact: CanonFact;
  pending: boolean;
  error: unknown;
  onSave: (value: string) => void;
  onCancel: () => void;
}

/** The inline form that gives a fact the author's value. */
export function CanonEditForm({ fact, pending, error, onSave, onCancel }: CanonEditFormProps) {
  const id = useId();
  const [value, setValue] = useState(fact.value);
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateCanonValue(value, fact.value);
    setProblem(result.error);
    if (result.value !== null) onSave(result.value);
  };

  return (
    <form className="canon-edit" onSubmit={onSubmit} noValidate aria-label={`Edit ${fact.subject}'s ${predicateLabel(fact.predicate)}`}>
      <div className="field">
        <label htmlFor={`${id}-value`}>
          {fact.subject}’s {predicateLabel(fact.predicate)}
        </label>
        <input
          id={`${id}-value`}
          type="text"
          value={value}
          maxLength={CANON_VALUE_MAX + 200}
          onChange={(event) => {
            setValue(event.target.value);
            if (problem) setProblem(null);
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : `${id}-hint`}
          autoFocus
          disabled={pending}
        />
        {problem ? (
          <p id={`${id}-error`} className="field__error">
            {problem}
          </p>
        ) : (
          <p id={`${id}-hint`} className="field__hint">
            The fact keeps its chapter and is marked as edited by the author.
          </p>
        )}
      </div>
      {error ? <ErrorNotice error={error} title="The fact was not changed" /> : null}
      <div className="form__actions">
        <button type="submit" className="button button--primary button--small" disabled={pending}>
          {pending ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="button button--small" onClick={onCancel} disabled={pending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
