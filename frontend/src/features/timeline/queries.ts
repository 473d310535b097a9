import { useInfiniteQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { novelKeys } from '../novels/queries';

export type TimelineOrder = 'reading' | 'story';

/** Events per request; "Load more" asks for the next page. */
export const TIMELINE_PAGE = 200;

/** Query keys for the timeline; every key carries the cap. */
export const timelineKeys = {
  all: (novelId: string) => [...novelKeys.detail(novelId), 'timeline'] as const,
  list: (novelId: string, cap: number, order: TimelineOrder, entity?: string) =>
    [...timelineKeys.all(novelId), { cap, order, entity: entity ?? null }] as const,
};

/** The timeline at the cap, a page at a time (`fetchNextPage` loads the next one). */
export function useTimeline(novelId: string, cap: number, order: TimelineOrder, entity?: string) {
  return useInfiniteQuery({
    queryKey: timelineKeys.list(novelId, cap, order, entity),
    queryFn: ({ pageParam }) =>
      unwrap(
        api.GET('/api/novels/{novel_id}/timeline', {
          params: {
            path: { novel_id: novelId },
            query: { cap, order, limit: TIMELINE_PAGE, offset: pageParam, ...(entity ? { entity } : {}) },
          },
        }),
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.offset + last.items.length < last.total ? last.offset + last.items.length : undefined),
    enabled: cap >= 1,
  });
}
