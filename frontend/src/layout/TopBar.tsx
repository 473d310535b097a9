import { Link, useMatch } from 'react-router';
import { Icon } from '../components/Icon';
import { useDrawer } from './DrawerContext';
import { ThemeToggle } from './ThemeToggle';

export const DRAWER_ID = 'novel-sidebar';

/** The product bar: the Continuum home link, the menu button on phones, the theme toggle. */
export function TopBar() {
  const inNovel = useMatch('/novels/:novelId/*') !== null;
  const { open, setOpen } = useDrawer();
  return (
    <header className="topbar">
      <div className="topbar__start">
        {inNovel && (
          <button
            type="button"
            className="icon-button topbar__menu"
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            aria-controls={DRAWER_ID}
            onClick={() => setOpen(!open)}
          >
            <Icon name={open ? 'close' : 'menu'} />
          </button>
        )}
        <Link to="/" className="brand">
          <svg className="brand__mark" viewBox="0 0 32 32" width="26" height="26" aria-hidden="true" focusable="false">
            <rect width="32" height="32" rx="7" fill="currentColor" />
            <path d="M21.5 10.5a8 8 0 1 0 0 11" fill="none" stroke="var(--brand-ink)" strokeWidth="3.2" strokeLinecap="round" />
            <circle cx="22" cy="16" r="2.2" fill="var(--brand-ink)" />
          </svg>
          <span className="brand__name">Continuum</span>
        </Link>
      </div>
      <div className="topbar__end">
        <ThemeToggle />
      </div>
    </header>
  );
}
