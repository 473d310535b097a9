import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { EntitySummary } from '../../api/types';
import { novelKeys } from '../novels/queries';
import type { EntitySort } from './entitySort';
import type { EntityKind } from './kinds';

/** Entities per request on the list pages; "Load more" asks for the next page. */
export const ENTITY_PAGE = 200;

/** Query keys for the wiki's entities; every key carries the cap it was read at. */
export const entityKeys = {
  all: (novelId: string) => [...novelKeys.detail(novelId), 'entities'] as const,
  list: (novelId: string, kind: EntityKind, cap: number) => [...entityKeys.all(novelId), kind, { cap }] as const,
  pages: (novelId: string, kind: EntityKind, cap: number, q: string, sort: EntitySort) =>
    [...entityKeys.all(novelId), kind, 'pages', { cap, q, sort }] as const,
  top: (novelId: string, kind: EntityKind, cap: number, limit: number) =>
    [...entityKeys.all(novelId), kind, 'top', { cap, limit }] as const,
  detail: (novelId: string, entityId: string, cap: number) =>
    [...entityKeys.all(novelId), 'detail', entityId, { cap }] as const,
};

interface PageQuery {
  cap: number;
  limit?: number;
  offset?: number;
  q?: string;
  sort?: EntitySort;
}

/** One page of a kind at the cap: `{items, total, limit, offset}`. */
function fetchEntityPage(novelId: string, kind: EntityKind, query: PageQuery) {
  const params = { path: { novel_id: novelId }, query };
  switch (kind) {
    case 'characters':
      return unwrap(api.GET('/api/novels/{novel_id}/characters', { params }));
    case 'locations':
      return unwrap(api.GET('/api/novels/{novel_id}/locations', { params }));
    case 'factions':
      return unwrap(api.GET('/api/novels/{novel_id}/factions', { params }));
    case 'objects':
      return unwrap(api.GET('/api/novels/{novel_id}/objects', { params }));
  }
}

/** The `limit` most mentioned of a kind at the cap (the server's default order), for previews. */
export function useTopEntities(novelId: string, kind: EntityKind, cap: number, limit: number) {
  return useQuery({
    queryKey: entityKeys.top(novelId, kind, cap, limit),
    queryFn: async (): Promise<EntitySummary[]> => (await fetchEntityPage(novelId, kind, { cap, limit })).items,
    enabled: cap >= 1,
  });
}

/**
 * A kind at the cap a page at a time (`fetchNextPage` loads the next), filtered and sorted by the
 * server; while a new filter loads, the previous answer stays on screen.
 */
export function useEntityPages(novelId: string, kind: EntityKind, cap: number, q: string, sort: EntitySort) {
  return useInfiniteQuery({
    queryKey: entityKeys.pages(novelId, kind, cap, q, sort),
    queryFn: ({ pageParam }) =>
      fetchEntityPage(novelId, kind, { cap, sort, limit: ENTITY_PAGE, offset: pageParam, ...(q ? { q } : {}) }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.offset + last.items.length < last.total ? last.offset + last.items.length : undefined),
    // Keep the last answer on screen while a new filter or order loads, but never across caps:
    // the list of a later chapter must not flash up when the reader moves the slider back.
    placeholderData: (previous, previousQuery) => {
      const [, , , previousKind, , options] = previousQuery?.queryKey ?? [];
      return previousKind === kind && typeof options === 'object' && options.cap === cap ? previous : undefined;
    },
    enabled: cap >= 1,
  });
}

export function useEntity(novelId: string, entityId: string, cap: number) {
  return useQuery({
    queryKey: entityKeys.detail(novelId, entityId, cap),
    queryFn: () =>
      unwrap(
        api.GET('/api/novels/{novel_id}/entities/{entity_id}', {
          params: { path: { novel_id: novelId, entity_id: entityId }, query: { cap } },
        }),
      ),
    enabled: cap >= 1,
  });
}

/** Where it is, what it holds, its status, what it knows, its ties and its canon, at the cap. */
export function useEntityState(novelId: string, entityId: string, cap: number) {
  return useQuery({
    queryKey: [...entityKeys.detail(novelId, entityId, cap), 'state'] as const,
    queryFn: () =>
      unwrap(
        api.GET('/api/novels/{novel_id}/entities/{entity_id}/state', {
          params: { path: { novel_id: novelId, entity_id: entityId }, query: { cap } },
        }),
      ),
    enabled: cap >= 1,
  });
}
