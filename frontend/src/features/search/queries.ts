import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { SearchMode } from '../../api/types';
import { novelKeys } from '../novels/queries';

/** Query keys for search; every key carries the cap. */
export const searchKeys = {
  all: (novelId: string) => [...novelKeys.detail(novelId), 'search'] as const,
  results: (novelId: string, q: string, mode: SearchMode, cap: number) => [...searchKeys.all(novelId), { q, mode, cap }] as const,
};

export const SEARCH_LIMIT = 20;

export function useSearch(novelId: string, q: string, mode: SearchMode, cap: number) {
  return useQuery({
    queryKey: searchKeys.results(novelId, q, mode, cap),
    queryFn: () =>
      unwrap(
        api.GET('/api/novels/{novel_id}/search', {
          params: { path: { novel_id: novelId }, query: { q, mode, cap, limit: SEARCH_LIMIT } },
        }),
      ),
    enabled: cap >= 1 && q.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}
