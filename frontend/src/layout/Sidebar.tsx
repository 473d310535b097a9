import type { Novel } from '../api/types';
import { CapLink, CapNavLink } from '../cap/CapLink';
import { plural } from '../lib/format';
import { CapSlider } from './CapSlider';
import { novelNavigation, novelPath } from './navigation';
import { ProcessingStatus } from './ProcessingStatus';

interface SidebarProps {
  novel: Novel;
  cap: number;
  latest: number;
  onCapChange: (chapter: number) => void;
}

/** The novel's title, the chapter-cap slider and the page navigation. */
export function Sidebar({ novel, cap, latest, onCapChange }: SidebarProps) {
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
        {novelNavigation.map((section) => (
          <div className="nav-section" key={section.heading}>
            <h2 className="nav-section__heading">{section.heading}</h2>
            <ul className="nav-section__list">
              {section.items.map((item) => (
                <li key={item.label}>
                  <CapNavLink to={novelPath(novel.id, item.path)} end={item.path === ''} className="nav-link">
                    {item.label}
                  </CapNavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
    </div>
  );
}
