import { useId, useState, type FormEvent } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { typeLabel } from '../entities/kinds';
import { useAddType } from './queries';
import { typeKey, validateType, type TypeFormErrors } from './typeForm';

/** Adds a custom entity type (a magic system, a starship class…) to the novel. */
export function AddTypeForm({ novelId, cap, existing }: { novelId: string; cap: number; existing: string[] }) {
  const id = useId();
  const add = useAddType(novelId, cap);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<TypeFormErrors>({});
  const [added, setAdded] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateType(name, description, existing);
    setErrors(found);
    setAdded(null);
    if (found.name || found.description) return;
    add.mutate(
      { name: name.trim(), description: description.trim() },
      {
        onSuccess: () => {
          setAdded(typeKey(name));
          setName('');
          setDescription('');
        },
      },
    );
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="card__heading">
        Add a type
      </h3>
      <div className="field">
        <label htmlFor={`${id}-name`}>
          Name <span className="field__required">(required)</span>
        </label>
        <input
          id={`${id}-name`}
          type="text"
          value={name}
          placeholder="e.g. magic system"
          autoComplete="off"
          onChange={(event) => {
            setName(event.target.value);
            if (errors.name) setErrors({ ...errors, name: undefined });
          }}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${id}-name-error` : undefined}
        />
        {errors.name && (
          <p id={`${id}-name-error`} className="field__error">
            {errors.name}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>
          Description <span className="field__optional">(optional)</span>
        </label>
        <textarea
          id={`${id}-description`}
          className="textarea--short"
          rows={3}
          value={description}
          placeholder="What counts as one, so the extractor can recognise it"
          onChange={(event) => {
            setDescription(event.target.value);
            if (errors.description) setErrors({ ...errors, description: undefined });
          }}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${id}-description-error` : undefined}
        />
        {errors.description && (
          <p id={`${id}-description-error`} className="field__error">
            {errors.description}
          </p>
        )}
      </div>
      {add.isError && <ErrorNotice error={add.error} title="The type was not added" />}
      {added && (
        <p className="notice notice--success" role="status">
          Added “{typeLabel(added)}”. It is in the menu under Wiki; chapters processed from now on can fill it.
        </p>
      )}
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add type'}
        </button>
      </div>
    </form>
  );
}
