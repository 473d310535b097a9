import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { novelKeys } from '../novels/queries';

export type GraphView = 'relationships' | 'entities';

/** Query keys for the graphs; every key carries the cap. */
export const graphKeys = {
  all: (novelId: string) => [...novelKeys.detail(novelId), 'graph'] as const,
  view: (novelId: string, view: GraphView, cap: number) => [...graphKeys.all(novelId), view, { cap }] as const,
};

export function useGraph(novelId: string, view: GraphView, cap: number) {
  return useQuery({
    queryKey: graphKeys.view(novelId, view, cap),
    queryFn: () => {
      const params = { path: { novel_id: novelId }, query: { cap } };
      return view === 'entities'
        ? unwrap(api.GET('/api/novels/{novel_id}/graph/entities', { params }))
        : unwrap(api.GET('/api/novels/{novel_id}/graph/relationships', { params }));
    },
    enabled: cap >= 1,
  });
}
