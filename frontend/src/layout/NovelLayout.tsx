import { useEffect, useMemo, useRef } from 'react';
import { Link, Outlet, useLocation, useParams } from 'react-router';
import { isNotFound } from '../api/errors';
import { useCap } from '../cap/useCap';
import { EmptyState } from '../components/EmptyState';
import { ErrorNotice } from '../components/ErrorNotice';
import { Loading } from '../components/Loading';
import { NovelContext } from '../features/novels/NovelContext';
import { useNovel } from '../features/novels/queries';
import { useDrawer } from './DrawerContext';
import { Sidebar } from './Sidebar';
import { DRAWER_ID } from './TopBar';

/** Pages of one novel: the sidebar (a drawer on phones) and the page itself. */
export function NovelLayout() {
  const { novelId = '' } = useParams();
  const novelQuery = useNovel(novelId);
  const latest = novelQuery.data?.latest_chapter ?? 0;
  const capState = useCap(latest);
  const { open, setOpen } = useDrawer();
  const location = useLocation();
  const drawerRef = useRef<HTMLElement>(null);

  // Following a link inside the drawer closes it; so does Escape.
  useEffect(() => setOpen(false), [location.pathname, setOpen]);
  useEffect(() => {
    // Widening the window past the phone layout puts the sidebar back in place.
    if (typeof window.matchMedia !== 'function') return;
    const wide = window.matchMedia('(min-width: 861px)');
    const onChange = () => wide.matches && setOpen(false);
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, [setOpen]);
  useEffect(() => {
    if (!open) return;
    drawerRef.current?.querySelector<HTMLElement>('a, button, input')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      document.querySelector<HTMLElement>(`.topbar__menu[aria-controls="${DRAWER_ID}"]`)?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, setOpen]);

  const { cap, isLatest, setCap } = capState;
  const context = useMemo(
    () => (novelQuery.data ? { novel: novelQuery.data, cap, latest, isLatest, setCap } : null),
    [novelQuery.data, cap, latest, isLatest, setCap],
  );

  if (!context) {
    return (
      <main id="main" className="plain-main" tabIndex={-1}>
        {novelQuery.isPending ? (
          <Loading label="Opening the novel…" />
        ) : isNotFound(novelQuery.error) ? (
          <EmptyState title="This novel does not exist" action={<Link to="/" className="button">See all novels</Link>}>
            <p>It may have been deleted, or the link is incomplete.</p>
          </EmptyState>
        ) : (
          <ErrorNotice error={novelQuery.error} title="Could not open the novel" onRetry={() => void novelQuery.refetch()} />
        )}
      </main>
    );
  }

  return (
    <NovelContext.Provider value={context}>
      <div className={`novel-layout${open ? ' novel-layout--drawer-open' : ''}`}>
        <aside id={DRAWER_ID} ref={drawerRef} className="sidebar" aria-label="Novel menu">
          <Sidebar novel={context.novel} cap={context.cap} latest={context.latest} onCapChange={context.setCap} />
        </aside>
        {open && <div className="drawer-backdrop" onClick={() => setOpen(false)} aria-hidden="true" />}
        {/* While the drawer covers the page on a phone, the page behind it is out of reach. */}
        <main id="main" className="novel-main" tabIndex={-1} inert={open || undefined}>
          {context.latest >= 1 && (
            <div className="mobile-capbar">
              <span>
                Chapter <strong>{context.cap}</strong> of {context.latest}
                {context.isLatest ? '' : ' (later chapters hidden)'}
              </span>
              <button
                type="button"
                className="button button--small"
                aria-controls={DRAWER_ID}
                aria-expanded={open}
                onClick={() => setOpen(true)}
              >
                Change
              </button>
            </div>
          )}
          <Outlet />
        </main>
      </div>
    </NovelContext.Provider>
  );
}
