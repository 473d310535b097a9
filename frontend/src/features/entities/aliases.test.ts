import { describe, expect, it } from 'vitest';
import { displayAliases } from './aliases';

describe('displayAliases', () => {
  it('shows each spelling once and never the name', () => {
    expect(displayAliases('Mr. Darcy', ['Darcy', 'mr. darcy', 'He', 'he', ' Darcy ', ''])).toEqual(['Darcy', 'He']);
  });
});
