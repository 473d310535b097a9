import { createContext, useContext } from 'react';

export interface DrawerState {
  open: boolean;
  setOpen: (open: boolean) => void;
}

/** Whether the novel menu is open on narrow screens (where the sidebar becomes a drawer). */
export const DrawerContext = createContext<DrawerState>({ open: false, setOpen: () => {} });

export function useDrawer(): DrawerState {
  return useContext(DrawerContext);
}
