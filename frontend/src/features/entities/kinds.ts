/** The entity lists the wiki has, and how each is named on screen. */
export type EntityKind = 'characters' | 'locations' | 'factions' | 'objects';

export interface EntityKindInfo {
  kind: EntityKind;
  title: string;
  singular: string;
  /** Why the list can be empty, said to a reader. */
  emptyHint: string;
}

export const entityKinds: Record<EntityKind, EntityKindInfo> = {
  characters: {
    kind: 'characters',
    title: 'Characters',
    singular: 'character',
    emptyHint: 'No one has been named by this chapter.',
  },
  locations: {
    kind: 'locations',
    title: 'Locations',
    singular: 'location',
    emptyHint: 'No place has been named by this chapter.',
  },
  factions: {
    kind: 'factions',
    title: 'Factions',
    singular: 'faction',
    emptyHint: 'No family, group or organisation has been named by this chapter.',
  },
  objects: {
    kind: 'objects',
    title: 'Objects',
    singular: 'object',
    emptyHint: 'No notable object has been named by this chapter.',
  },
};

/** "character" → "Character"; unknown custom types are shown as they come. */
export function typeLabel(type: string): string {
  const clean = type.replace(/_/g, ' ');
  return clean.charAt(0).toUpperCase() + clean.slice(1);
}

/** The list an entity of this type belongs to, if the wiki has one. */
export function kindOfType(type: string): EntityKind | null {
  const match = (Object.values(entityKinds) as EntityKindInfo[]).find((info) => info.singular === type.toLowerCase());
  return match?.kind ?? null;
}
