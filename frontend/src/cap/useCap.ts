import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { CAP_PARAM, clampCap, parseCap } from './cap';

export interface CapState {
  /** The chapter the wiki is read as of (0 when the novel has no chapters). */
  cap: number;
  latest: number;
  /** True when no chapter is hidden. */
  isLatest: boolean;
  setCap: (chapter: number) => void;
}

/** The chapter cap from the URL (`?cap=N`), clamped to 1..latest; absent means the latest chapter. */
export function useCap(latest: number): CapState {
  const [params, setParams] = useSearchParams();
  const cap = parseCap(params.get(CAP_PARAM), latest);
  const setCap = useCallback(
    (chapter: number) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.set(CAP_PARAM, String(clampCap(chapter, latest)));
          return next;
        },
        // Dragging the slider should not flood the history with one entry per chapter.
        { replace: true, preventScrollReset: true },
      );
    },
    [latest, setParams],
  );
  return { cap, latest, isLatest: cap === latest, setCap };
}

/** The cap to carry into internal links: the URL's own value when it is a chapter number. */
export function useCapParam(): string | null {
  const [params] = useSearchParams();
  const raw = params.get(CAP_PARAM);
  return raw !== null && /^\d+$/.test(raw.trim()) ? raw.trim() : null;
}
