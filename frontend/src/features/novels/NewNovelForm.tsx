import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ErrorNotice } from '../../components/ErrorNotice';
import { novelPath } from '../../layout/navigation';
import { AUTHOR_MAX, TITLE_MAX, toNovelCreate, validateNovelForm, type NovelFormErrors, type NovelFormValues } from './novelForm';
import { useCreateNovel } from './queries';

/** Creates a novel, then opens its Process page so the first chapter can go in. */
export function NewNovelForm() {
  const id = useId();
  const navigate = useNavigate();
  const create = useCreateNovel();
  const [values, setValues] = useState<NovelFormValues>({ title: '', author: '' });
  const [errors, setErrors] = useState<NovelFormErrors>({});
  const [touched, setTouched] = useState(false);

  const update = (field: keyof NovelFormValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (touched) setErrors(validateNovelForm(next));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    const found = validateNovelForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(`${id}-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    create.mutate(toNovelCreate(values), {
      onSuccess: (novel) => navigate(novelPath(novel.id, 'process')),
    });
  };

  return (
    <form className="card form new-novel-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="card__heading">
        New novel
      </h2>
      <div className="field">
        <label htmlFor={`${id}-title`}>
          Title <span className="field__required">(required)</span>
        </label>
        <input
          id={`${id}-title`}
          type="text"
          value={values.title}
          maxLength={TITLE_MAX + 50}
          autoComplete="off"
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? `${id}-title-error` : undefined}
          onChange={(event) => update('title', event.target.value)}
        />
        {errors.title && (
          <p id={`${id}-title-error`} className="field__error">
            {errors.title}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-author`}>
          Author <span className="field__optional">(optional)</span>
        </label>
        <input
          id={`${id}-author`}
          type="text"
          value={values.author}
          maxLength={AUTHOR_MAX + 50}
          autoComplete="off"
          aria-invalid={errors.author ? true : undefined}
          aria-describedby={errors.author ? `${id}-author-error` : undefined}
          onChange={(event) => update('author', event.target.value)}
        />
        {errors.author && (
          <p id={`${id}-author-error`} className="field__error">
            {errors.author}
          </p>
        )}
      </div>
      {create.isError && <ErrorNotice error={create.error} title="The novel was not created" />}
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create novel'}
        </button>
      </div>
    </form>
  );
}
