import { useMemo, useState } from 'react';
import { Outlet } from 'react-router';
import { TokenDialog } from '../features/auth/TokenDialog';
import { DrawerContext } from './DrawerContext';
import { TopBar } from './TopBar';

/** Every page: skip link, top bar, then the route's own layout. */
export function AppShell() {
  const [open, setOpen] = useState(false);
  const drawer = useMemo(() => ({ open, setOpen }), [open]);
  return (
    <DrawerContext.Provider value={drawer}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TopBar />
      <Outlet />
      <TokenDialog />
    </DrawerContext.Provider>
  );
}

/** Pages without a novel sidebar (the novels list, not-found). */
export function PlainLayout() {
  return (
    <main id="main" className="plain-main" tabIndex={-1}>
      <Outlet />
    </main>
  );
}
