/**
 * The novel's navigation. Add a page here when its route exists; never list a page that
 * does not (no dead links). The novel's custom entity types join the Wiki section at run
 * time (see `Sidebar`).
 */
export interface NavItem {
  label: string;
  /** Path below /novels/:id ('' for the novel's home). */
  path: string;
  /** Author tools that ignore the chapter cap say so in the menu. */
  note?: string;
}

export interface NavSection {
  id: 'story' | 'wiki' | 'continuity' | 'author';
  heading: string;
  items: NavItem[];
}

export const novelNavigation: NavSection[] = [
  {
    id: 'story',
    heading: 'Story',
    items: [
      { label: 'Home', path: '' },
      { label: 'Chapters', path: 'chapters' },
      { label: 'Timeline', path: 'timeline' },
      { label: 'Plot threads', path: 'threads' },
      { label: 'Relationship graph', path: 'graph' },
    ],
  },
  {
    id: 'wiki',
    heading: 'Wiki',
    items: [
      { label: 'Characters', path: 'characters' },
      { label: 'Locations', path: 'locations' },
      { label: 'Factions', path: 'factions' },
      { label: 'Objects', path: 'objects' },
      { label: 'Search', path: 'search' },
    ],
  },
  {
    id: 'continuity',
    heading: 'Continuity',
    items: [
      { label: 'Commitments', path: 'commitments' },
      { label: 'Canon facts', path: 'canon' },
      { label: 'Flags and critiques', path: 'continuity' },
    ],
  },
  {
    id: 'author',
    heading: 'Author',
    items: [
      { label: 'Process', path: 'process' },
      { label: 'Review queue', path: 'review' },
      { label: 'Duplicates', path: 'duplicates' },
      { label: 'Extraction cost', path: 'extraction' },
      { label: 'Entity types', path: 'types' },
    ],
  },
];

/** Where the custom types go in the Wiki section: after the core lists, before Search. */
export const CUSTOM_TYPES_AFTER = 'objects';

export function novelPath(novelId: string, path = ''): string {
  return path ? `/novels/${novelId}/${path}` : `/novels/${novelId}`;
}
