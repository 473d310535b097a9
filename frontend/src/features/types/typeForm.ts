/** The one schema of the "add a type" form, mirroring the server's rules. */
export const TYPE_NAME_MAX = 50;
export const TYPE_DESCRIPTION_MAX = 1000;

/** "Magic System" → "magic_system", as the server stores it. */
export function typeKey(name: string): string {
  return name.trim().toLowerCase().replace(/[\s-]+/g, '_');
}

export interface TypeFormErrors {
  name?: string;
  description?: string;
}

export function validateType(name: string, description: string, existing: string[]): TypeFormErrors {
  const errors: TypeFormErrors = {};
  const key = typeKey(name);
  if (!key) errors.name = 'Give the type a name, e.g. “magic system”.';
  else if (!/^[a-z][a-z0-9_]*$/.test(key)) errors.name = 'Use letters, digits, spaces or underscores, starting with a letter.';
  else if (key.length > TYPE_NAME_MAX) errors.name = `Keep the name under ${TYPE_NAME_MAX} characters.`;
  else if (existing.includes(key)) errors.name = `The novel already has a type “${key.replace(/_/g, ' ')}”.`;
  if (description.trim().length > TYPE_DESCRIPTION_MAX) errors.description = `Keep the description under ${TYPE_DESCRIPTION_MAX} characters.`;
  return errors;
}
