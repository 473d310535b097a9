import { describe, expect, it } from 'vitest';
import { CANON_VALUE_MAX, predicateLabel, validateCanonValue } from './canonForm';

describe('canon edit form validation', () => {
  it('accepts a new value, trimmed', () => {
    expect(validateCanonValue('  green ', 'dark')).toEqual({ value: 'green', error: null });
  });

  it('refuses an empty value', () => {
    expect(validateCanonValue('   ', 'dark')).toEqual({ value: null, error: 'Enter a value, or cancel to keep the current one.' });
  });

  it('refuses the value the fact already has', () => {
    expect(validateCanonValue('dark ', 'dark').error).toBe('This is already the value. Change it, or cancel.');
  });

  it('refuses a value longer than the server takes', () => {
    expect(validateCanonValue('x'.repeat(CANON_VALUE_MAX), 'dark').value).toBe('x'.repeat(CANON_VALUE_MAX));
    expect(validateCanonValue('x'.repeat(CANON_VALUE_MAX + 1), 'dark').error).toMatch(/under 2,000 characters \(it has 2,001\)/);
  });

  it('names predicates in words', () => {
    expect(predicateLabel('eye_colour')).toBe('eye colour');
  });
});
