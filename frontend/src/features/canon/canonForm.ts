/** The one schema of the canon edit form: what a fact's new value must be. */
export const CANON_VALUE_MAX = 2000;

export interface CanonFormResult {
  /** The value to send (trimmed), when valid. */
  value: string | null;
  error: string | null;
}

export function validateCanonValue(input: string, current: string): CanonFormResult {
  const value = input.trim();
  if (!value) return { value: null, error: 'Enter a value, or cancel to keep the current one.' };
  if (value.length > CANON_VALUE_MAX) {
    return { value: null, error: `Keep the value under ${CANON_VALUE_MAX.toLocaleString('en')} characters (it has ${value.length.toLocaleString('en')}).` };
  }
  if (value === current.trim()) return { value: null, error: 'This is already the value. Change it, or cancel.' };
  return { value, error: null };
}

/** "eye_colour" → "eye colour". */
export function predicateLabel(predicate: string): string {
  return predicate.replace(/_/g, ' ');
}
