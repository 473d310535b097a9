import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { ENTITY_PAGE, entityKeys } from '../entities/queries';
import { novelKeys } from '../novels/queries';

/** Query keys for entity types; every key carries the cap (counts are as of it). */
export const typeKeys = {
  all: (novelId: string) => [...novelKeys.detail(novelId), 'types'] as const,
  page: (novelId: string, cap: number) => [...typeKeys.all(novelId), { cap }] as const,
  entities: (novelId: string, type: string, cap: number, q: string) =>
    [...typeKeys.all(novelId), 'entities', type, { cap, q }] as const,
};

export function useTypes(novelId: string, cap: number) {
  return useQuery({
    queryKey: typeKeys.page(novelId, cap),
    queryFn: () => unwrap(api.GET('/api/novels/{novel_id}/types', { params: { path: { novel_id: novelId }, query: { cap } } })),
    enabled: cap >= 0,
  });
}

/**
 * Entities of one (core or custom) type at the cap, most mentioned first, a page at a time
 * (`fetchNextPage` loads the next), filtered by the server on `q`; while a new filter loads,
 * the previous answer stays on screen.
 */
export function useEntitiesOfType(novelId: string, type: string, cap: number, q: string) {
  return useInfiniteQuery({
    queryKey: typeKeys.entities(novelId, type, cap, q),
    queryFn: ({ pageParam }) =>
      unwrap(
        api.GET('/api/novels/{novel_id}/entities', {
          params: { path: { novel_id: novelId }, query: { cap, type, limit: ENTITY_PAGE, offset: pageParam, ...(q ? { q } : {}) } },
        }),
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.offset + last.items.length < last.total ? last.offset + last.items.length : undefined),
    // Only across filters of the same type at the same cap: a later chapter's list must not flash
    // up when the reader moves the slider back, nor another type's when the reader follows a link.
    placeholderData: (previous, previousQuery) => {
      const [, , , , previousType, options] = previousQuery?.queryKey ?? [];
      return previousType === type && typeof options === 'object' && options.cap === cap ? previous : undefined;
    },
    enabled: cap >= 1 && type.length > 0,
  });
}

function useInvalidateTypes(novelId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: typeKeys.all(novelId) }),
      queryClient.invalidateQueries({ queryKey: entityKeys.all(novelId) }),
      queryClient.invalidateQueries({ queryKey: novelKeys.detail(novelId), exact: true }),
    ]);
}

export function useAddType(novelId: string, cap: number) {
  const invalidate = useInvalidateTypes(novelId);
  return useMutation({
    mutationFn: (body: { name: string; description: string }) =>
      unwrap(api.POST('/api/novels/{novel_id}/types', { params: { path: { novel_id: novelId }, query: { cap } }, body })),
    onSuccess: invalidate,
  });
}

export function useApplyPreset(novelId: string, cap: number) {
  const invalidate = useInvalidateTypes(novelId);
  return useMutation({
    mutationFn: (preset: string) =>
      unwrap(api.POST('/api/novels/{novel_id}/types/preset', { params: { path: { novel_id: novelId }, query: { cap } }, body: { preset } })),
    onSuccess: invalidate,
  });
}
