import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { currentUrl, LocationDisplay } from '../test/render';
import { useCap } from './useCap';

function routerAt(url: string) {
  return ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              {children}
              <LocationDisplay />
            </>
          }
        />
      </Routes>
    </MemoryRouter>
  );
}

describe('useCap', () => {
  it('reads ?cap from the URL', () => {
    const { result } = renderHook(() => useCap(10), { wrapper: routerAt('/novels/n?cap=4') });
    expect(result.current.cap).toBe(4);
    expect(result.current.isLatest).toBe(false);
  });

  it('uses the latest chapter when ?cap is absent', () => {
    const { result } = renderHook(() => useCap(10), { wrapper: routerAt('/novels/n') });
    expect(result.current.cap).toBe(10);
    expect(result.current.isLatest).toBe(true);
  });

  it('clamps ?cap to 1..latest', () => {
    expect(renderHook(() => useCap(10), { wrapper: routerAt('/n?cap=99') }).result.current.cap).toBe(10);
    expect(renderHook(() => useCap(10), { wrapper: routerAt('/n?cap=0') }).result.current.cap).toBe(1);
    expect(renderHook(() => useCap(10), { wrapper: routerAt('/n?cap=nope') }).result.current.cap).toBe(10);
  });

  it('writes the cap into the URL and keeps other parameters', () => {
    const { result } = renderHook(() => useCap(10), { wrapper: routerAt('/novels/n/characters?q=ben&cap=2') });
    act(() => result.current.setCap(6));
    expect(result.current.cap).toBe(6);
    const url = currentUrl();
    expect(url.pathname).toBe('/novels/n/characters');
    expect(url.searchParams.get('cap')).toBe('6');
    expect(url.searchParams.get('q')).toBe('ben');
  });

  it('never writes a cap outside the range', () => {
    const { result } = renderHook(() => useCap(5), { wrapper: routerAt('/n') });
    act(() => result.current.setCap(12));
    expect(currentUrl().searchParams.get('cap')).toBe('5');
    act(() => result.current.setCap(-2));
    expect(currentUrl().searchParams.get('cap')).toBe('1');
  });
});
