import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { novelKeys } from '../novels/queries';

export type TimelineOrder = 'reading' | 'story';

/** Query keys for the timeline; every key carries the cap. */
export const timelineKeys = {
  all: (novelId: string) => [...novelKeys.detail(novelId), 'timeline'] as const,
  list: (novelId: string, cap: number, order: TimelineOrder, entity?: string) =>
    [...timelineKeys.all(novelId), { cap, order, entity: entity ?? null }] as const,
};

export function useTimeline(novelId: string, cap: number, order: TimelineOrder, entity?: string) {
  return useQuery({
    queryKey: timelineKeys.list(novelId, cap, order, entity),
    queryFn: () =>
      unwrap(
        api.GET('/api/novels/{novel_id}/timeline', {
          params: { path: { novel_id: novelId }, query: { cap, order, ...(entity ? { entity } : {}) } },
        }),
      ),
    enabled: cap >= 1,
  });
}
