/**
 * The novel's navigation. Add a page here when its route exists; never list a page that
 * does not (no dead links). Timeline, relationships, threads, commitments, canon facts,
 * continuity flags, search, review queue and duplicates will join these sections.
 */
export interface NavItem {
  label: string;
  /** Path below /novels/:id ('' for the novel's home). */
  path: string;
}

export interface NavSection {
  heading: string;
  items: NavItem[];
}

export const novelNavigation: NavSection[] = [
  {
    heading: 'Story',
    items: [
      { label: 'Home', path: '' },
      { label: 'Chapters', path: 'chapters' },
    ],
  },
  {
    heading: 'Wiki',
    items: [
      { label: 'Characters', path: 'characters' },
      { label: 'Locations', path: 'locations' },
      { label: 'Factions', path: 'factions' },
      { label: 'Objects', path: 'objects' },
    ],
  },
  {
    heading: 'Write',
    items: [{ label: 'Process', path: 'process' }],
  },
];

export function novelPath(novelId: string, path = ''): string {
  return path ? `/novels/${novelId}/${path}` : `/novels/${novelId}`;
}
