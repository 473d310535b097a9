import { describe, expect, it } from 'vitest';
import type { EntitySummary } from '../../api/types';
import { filterEntities } from './filterEntities';

const entity = (name: string, aliases: string[], first: number, mentions: number): EntitySummary => ({
  id: name,
  name,
  type: 'character',
  aliases,
  first_chapter: first,
  mention_count: mentions,
});

const roster = [entity('Mr. Bennet', ['Bennet'], 1, 20), entity('Elizabeth Bennet', ['Lizzy', 'Eliza'], 1, 30), entity('Mr. Darcy', ['Darcy'], 3, 39), entity('Zoë', [], 2, 1)];

describe('filterEntities', () => {
  it('searches names and aliases, ignoring case and accents', () => {
    expect(filterEntities(roster, 'lizzy', 'name').map((e) => e.name)).toEqual(['Elizabeth Bennet']);
    expect(filterEntities(roster, 'zoe', 'name').map((e) => e.name)).toEqual(['Zoë']);
    expect(filterEntities(roster, 'BENNET', 'name').map((e) => e.name)).toEqual(['Elizabeth Bennet', 'Mr. Bennet']);
  });

  it('sorts by mentions, name or first appearance', () => {
    expect(filterEntities(roster, '', 'mentions')[0]?.name).toBe('Mr. Darcy');
    expect(filterEntities(roster, '', 'first').map((e) => e.first_chapter)).toEqual([1, 1, 2, 3]);
  });
});
