import { vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Novel } from '../api/types';
import { useCap } from '../cap/useCap';
import { NovelContext } from '../features/novels/NovelContext';

export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

/** Shows the router's current location so tests can read `?cap`. */
export function LocationDisplay() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function currentUrl(): URL {
  const text = document.querySelector('[data-testid="location"]')?.textContent ?? '/';
  return new URL(text, 'http://test');
}

interface Options {
  /** The starting URL, e.g. `/novels/n1/characters?cap=2`. */
  url?: string;
  /** The route pattern the element is mounted at. */
  path?: string;
}

export function renderWithRouter(ui: ReactElement, { url = '/', path = '*' }: Options = {}) {
  const client = testQueryClient();
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path={path}
            element={
              <>
                {ui}
                <LocationDisplay />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, client };
}

export function makeNovel(overrides: Partial<Novel> = {}): Novel {
  return {
    id: '11111111-1111-1111-1111-111111111111',
    title: 'Pride and Prejudice',
    author: 'Jane Austen',
    genre: null,
    chapter_count: 3,
    latest_chapter: 3,
    created_at: '2024-01-01T00:00:00Z',
    ...overrides,
  };
}

/** Provides the novel context the way NovelLayout does, with the cap read from the URL. */
export function WithNovel({ novel, children }: { novel: Novel; children: ReactNode }) {
  const capState = useCap(novel.latest_chapter);
  return <NovelContext.Provider value={{ novel, ...capState }}>{children}</NovelContext.Provider>;
}

type Handler = (request: Request, url: URL) => Response | undefined | Promise<Response | undefined>;

export function json(body: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** Stubs `fetch` with a router over the API; unknown routes answer 404 and are recorded. */
export function mockApi(handler: Handler) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://test'), init);
    const url = new URL(request.url, 'http://test');
    const type = request.headers.get('content-type') ?? '';
    const text = request.method === 'GET' ? '' : await request.clone().text();
    calls.push({ method: request.method, path: `${url.pathname}${url.search}`, body: type.includes('json') && text ? JSON.parse(text) : text });
    return (await handler(request, url)) ?? json({ detail: `No mock for ${request.method} ${url.pathname}` }, 404);
  };
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}
