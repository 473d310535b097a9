import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { novelKeys } from '../novels/queries';

/** Query keys for the world views (place hierarchy, object owners); every key carries the cap. */
export const worldKeys = {
  all: (novelId: string) => [...novelKeys.detail(novelId), 'world'] as const,
  tree: (novelId: string, cap: number) => [...worldKeys.all(novelId), 'tree', { cap }] as const,
  owners: (novelId: string, cap: number) => [...worldKeys.all(novelId), 'owners', { cap }] as const,
};

export function useLocationTree(novelId: string, cap: number) {
  return useQuery({
    queryKey: worldKeys.tree(novelId, cap),
    queryFn: () => unwrap(api.GET('/api/novels/{novel_id}/locations/tree', { params: { path: { novel_id: novelId }, query: { cap } } })),
    enabled: cap >= 1,
  });
}

export function useObjectOwners(novelId: string, cap: number) {
  return useQuery({
    queryKey: worldKeys.owners(novelId, cap),
    queryFn: () => unwrap(api.GET('/api/novels/{novel_id}/objects/owners', { params: { path: { novel_id: novelId }, query: { cap } } })),
    enabled: cap >= 1,
  });
}
