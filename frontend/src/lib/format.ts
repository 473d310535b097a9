const numberFormat = new Intl.NumberFormat('en');

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** "1 chapter", "3 chapters". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatNumber(count)} ${count === 1 ? singular : pluralForm}`;
}

export function chapterLabel(number: number, title?: string | null): string {
  return title ? `Chapter ${number}: ${title}` : `Chapter ${number}`;
}
