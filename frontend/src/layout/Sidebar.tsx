import type { Novel } from '../api/types';
import { CapLink, CapNavLink } from '../cap/CapLink';
import { typeLabel } from '../features/entities/kinds';
import { useReviewQueue } from '../features/review/queries';
import { useTypes } from '../features/types/queries';
import { plural } from '../lib/format';
import { CapSlider } from './CapSlider';
import { CUSTOM_TYPES_AFTER, novelNavigation, novelPath, type NavItem } from './navigation';
import { ProcessingStatus } from './ProcessingStatus';

interface SidebarProps {
  novel: Novel;
  cap: number;
  latest: number;
  onCapChange: (chapter: number) => void;
}

/** The novel's custom entity types, each a wiki list of its own. */
function useCustomTypeItems(novelId: string, cap: number): NavItem[] {
  const types = useTypes(novelId, cap);
  return (types.data?.types ?? [])
    .filter((type) => !type.core)
    .map((type) => ({ label: typeLabel(type.name), path: `types/${encodeURIComponent(type.name)}` }));
}

/** The novel's title, the chapter-cap slider and the page navigation. */
export function Sidebar({ novel, cap, latest, onCapChange }: SidebarProps) {
  const customTypes = useCustomTypeItems(novel.id, cap);
  const review = useReviewQueue(novel.id);
  const waiting = Array.isArray(review.data) ? review.data.length : 0;
  return (
    <div className="sidebar__inner">
      <div className="sidebar__novel">
        <CapLink to={novelPath(novel.id)} className="sidebar__title">
          {novel.title}
        </CapLink>
        <p className="sidebar__meta">
          {novel.author ? `${novel.author} · ` : ''}
          {plural(novel.chapter_count, 'chapter')}
        </p>
      </div>

      {latest >= 1 ? (
        <CapSlider cap={cap} latest={latest} onChange={onCapChange} />
      ) : (
        <p className="sidebar__note">No chapters yet. Process the first chapter to start the wiki.</p>
      )}

      <ProcessingStatus novelId={novel.id} />

      <nav className="sidebar__nav" aria-label="Novel">
        {novelNavigation.map((section) => {
          const items =
            section.id === 'wiki'
              ? section.items.flatMap((item) => (item.path === CUSTOM_TYPES_AFTER ? [item, ...customTypes] : [item]))
              : section.items;
          return (
            <div className="nav-section" key={section.id}>
              <h2 className="nav-section__heading">{section.heading}</h2>
              <ul className="nav-section__list">
                {items.map((item) => (
                  <li key={item.path}>
                    <CapNavLink to={novelPath(novel.id, item.path)} end={item.path === '' || item.path === 'types'} className="nav-link">
                      {item.label}
                      {item.note && (
                        <span className="nav-link__note" aria-hidden="true">
                          {item.note}
                        </span>
                      )}
                      {item.path === 'review' && waiting > 0 && (
                        <span className="nav-link__count" aria-label={`${waiting} waiting`}>
                          {waiting}
                        </span>
                      )}
                    </CapNavLink>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </nav>
    </div>
  );
}
