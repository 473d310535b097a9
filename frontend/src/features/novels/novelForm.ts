/** The "New novel" form: its values, its one validation schema, and the request body it makes. */
export interface NovelFormValues {
  title: string;
  author: string;
}

export type NovelFormErrors = Partial<Record<keyof NovelFormValues, string>>;

export const TITLE_MAX = 300;
export const AUTHOR_MAX = 200;

export function validateNovelForm(values: NovelFormValues): NovelFormErrors {
  const errors: NovelFormErrors = {};
  const title = values.title.trim();
  if (!title) errors.title = 'Give the novel a title.';
  else if (title.length > TITLE_MAX) errors.title = `Keep the title under ${TITLE_MAX} characters.`;
  if (values.author.trim().length > AUTHOR_MAX) errors.author = `Keep the author under ${AUTHOR_MAX} characters.`;
  return errors;
}

export function toNovelCreate(values: NovelFormValues) {
  const author = values.author.trim();
  return { title: values.title.trim(), author: author || null };
}
