/** The orders an entity list can be shown in; the server sorts the whole list, not just a page. */
export type EntitySort = 'mentions' | 'name' | 'first';

export const entitySortLabels: Record<EntitySort, string> = {
  mentions: 'Most mentioned',
  name: 'Name (A–Z)',
  first: 'First appearance',
};
