import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebounced } from '../../lib/useDebounced';

/** How long typing must pause before the list asks the server again. */
export const FILTER_DEBOUNCE_MS = 250;

/** Longest filter the list routes accept; the box stops there. */
export const FILTER_MAX_LENGTH = 100;

/**
 * A list's filter box kept in the URL as `?q=` (so a link shares it, next to `?cap=`):
 * `input` is what is typed, `q` the trimmed text the server is asked for once typing pauses.
 */
export function useListFilter() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [input, setInput] = useState(() => params.get('q') ?? '');
  const typed = useDebounced(input, FILTER_DEBOUNCE_MS);
  // A link or Back changed `?q=` under the box: show it (our own writes equal what was typed).
  const [seenQ, setSeenQ] = useState(q);
  if (q !== seenQ) {
    setSeenQ(q);
    if (q !== typed.trim()) setInput(q);
  }

  const writeQ = (value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set('q', value);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  const write = useRef(writeQ);
  write.current = writeQ;
  const current = useRef(q);
  current.current = q;

  useEffect(() => {
    const next = typed.trim();
    if (next !== current.current) write.current(next);
  }, [typed]);

  return {
    input,
    setInput,
    q,
    /** Empty the box and the URL at once (no debounce). */
    clear: () => {
      setInput('');
      writeQ('');
    },
  };
}
