import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { novelKeys } from '../novels/queries';

/** Query keys for plot threads; every key carries the cap. */
export const threadKeys = {
  all: (novelId: string) => [...novelKeys.detail(novelId), 'threads'] as const,
  list: (novelId: string, cap: number) => [...threadKeys.all(novelId), { cap }] as const,
};

export function useThreads(novelId: string, cap: number) {
  return useQuery({
    queryKey: threadKeys.list(novelId, cap),
    queryFn: () => unwrap(api.GET('/api/novels/{novel_id}/threads', { params: { path: { novel_id: novelId }, query: { cap } } })),
    enabled: cap >= 1,
  });
}
