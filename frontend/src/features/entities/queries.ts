import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { EntitySummary } from '../../api/types';
import { novelKeys } from '../novels/queries';
import type { EntityKind } from './kinds';

/** Query keys for the wiki's entities; every key carries the cap it was read at. */
export const entityKeys = {
  all: (novelId: string) => [...novelKeys.detail(novelId), 'entities'] as const,
  list: (novelId: string, kind: EntityKind, cap: number) => [...entityKeys.all(novelId), kind, { cap }] as const,
  detail: (novelId: string, entityId: string, cap: number) =>
    [...entityKeys.all(novelId), 'detail', entityId, { cap }] as const,
};

/** The first page of a kind (most mentioned first); `total` says how many exist at the cap. */
async function fetchEntityList(novelId: string, kind: EntityKind, cap: number): Promise<EntitySummary[]> {
  const params = { path: { novel_id: novelId }, query: { cap } };
  switch (kind) {
    case 'characters':
      return (await unwrap(api.GET('/api/novels/{novel_id}/characters', { params }))).items;
    case 'locations':
      return (await unwrap(api.GET('/api/novels/{novel_id}/locations', { params }))).items;
    case 'factions':
      return (await unwrap(api.GET('/api/novels/{novel_id}/factions', { params }))).items;
    case 'objects':
      return (await unwrap(api.GET('/api/novels/{novel_id}/objects', { params }))).items;
  }
}

export function useEntityList(novelId: string, kind: EntityKind, cap: number) {
  return useQuery({
    queryKey: entityKeys.list(novelId, kind, cap),
    queryFn: () => fetchEntityList(novelId, kind, cap),
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
