import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { novelKeys } from '../novels/queries';

/** Query keys for duplicate candidates; every key carries the cap. */
export const duplicateKeys = {
  all: (novelId: string) => [...novelKeys.detail(novelId), 'duplicates'] as const,
  list: (novelId: string, cap: number) => [...duplicateKeys.all(novelId), { cap }] as const,
};

export function useDuplicates(novelId: string, cap: number) {
  return useQuery({
    queryKey: duplicateKeys.list(novelId, cap),
    queryFn: () => unwrap(api.GET('/api/novels/{novel_id}/duplicates', { params: { path: { novel_id: novelId }, query: { cap } } })),
    enabled: cap >= 1,
  });
}

/** Folds `source` into `target` everywhere; everything read about the novel is stale afterwards. */
export function useMerge(novelId: string, cap: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { source_id: string; target_id: string }) =>
      unwrap(api.POST('/api/novels/{novel_id}/merge', { params: { path: { novel_id: novelId }, query: { cap } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: novelKeys.detail(novelId) }),
  });
}
