import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { novelKeys } from '../novels/queries';

/** Query keys for the novel home; every key carries the cap. */
export const homeKeys = {
  home: (novelId: string, cap: number) => [...novelKeys.detail(novelId), 'home', { cap }] as const,
};

/** Counts at the cap and the "previously on" recap of the last chapters. */
export function useNovelHome(novelId: string, cap: number) {
  return useQuery({
    queryKey: homeKeys.home(novelId, cap),
    queryFn: () => unwrap(api.GET('/api/novels/{novel_id}/home', { params: { path: { novel_id: novelId }, query: { cap } } })),
    enabled: cap >= 1,
  });
}
