import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { NovelCreate } from '../../api/types';

/** Query keys for novels. Everything read about one novel is nested under `detail(id)`. */
export const novelKeys = {
  all: ['novels'] as const,
  list: () => [...novelKeys.all, 'list'] as const,
  detail: (novelId: string) => [...novelKeys.all, novelId] as const,
};

export function useNovels() {
  return useQuery({
    queryKey: novelKeys.list(),
    queryFn: () => unwrap(api.GET('/api/novels')),
  });
}

export function useNovel(novelId: string) {
  return useQuery({
    queryKey: novelKeys.detail(novelId),
    queryFn: () => unwrap(api.GET('/api/novels/{novel_id}', { params: { path: { novel_id: novelId } } })),
  });
}

export function useCreateNovel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NovelCreate) => unwrap(api.POST('/api/novels', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: novelKeys.list() }),
  });
}

export function useDeleteNovel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (novelId: string) =>
      unwrap(api.DELETE('/api/novels/{novel_id}', { params: { path: { novel_id: novelId } } })),
    onSuccess: (_data, novelId) => {
      queryClient.removeQueries({ queryKey: novelKeys.detail(novelId) });
      return queryClient.invalidateQueries({ queryKey: novelKeys.list() });
    },
  });
}

/** Refreshes everything known about a novel (after a chapter finished processing). */
export function invalidateNovel(queryClient: ReturnType<typeof useQueryClient>, novelId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: novelKeys.detail(novelId) }),
    queryClient.invalidateQueries({ queryKey: novelKeys.list() }),
  ]);
}
