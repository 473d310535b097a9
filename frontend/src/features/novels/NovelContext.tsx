import { createContext, useContext } from 'react';
import type { Novel } from '../../api/types';
import type { CapState } from '../../cap/useCap';

export interface NovelContextValue extends CapState {
  novel: Novel;
}

export const NovelContext = createContext<NovelContextValue | null>(null);

/** The open novel and the reader's chapter cap; available on every page under /novels/:id. */
export function useNovelContext(): NovelContextValue {
  const value = useContext(NovelContext);
  if (!value) throw new Error('useNovelContext must be used inside NovelLayout');
  return value;
}
