import type { EntitySummary } from '../../api/types';

export type EntitySort = 'mentions' | 'name' | 'first';

export const entitySortLabels: Record<EntitySort, string> = {
  mentions: 'Most mentioned',
  name: 'Name (A–Z)',
  first: 'First appearance',
};

function fold(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** Entities whose name or an alias contains the query (case and accent blind), in the chosen order. */
export function filterEntities(entities: EntitySummary[], query: string, sort: EntitySort): EntitySummary[] {
  const needle = fold(query.trim());
  const matches = needle
    ? entities.filter((entity) => [entity.name, ...entity.aliases].some((name) => fold(name).includes(needle)))
    : [...entities];
  const byName = (a: EntitySummary, b: EntitySummary) => a.name.localeCompare(b.name);
  const order: Record<EntitySort, (a: EntitySummary, b: EntitySummary) => number> = {
    mentions: (a, b) => b.mention_count - a.mention_count || byName(a, b),
    name: byName,
    first: (a, b) => a.first_chapter - b.first_chapter || b.mention_count - a.mention_count || byName(a, b),
  };
  return matches.sort(order[sort]);
}
