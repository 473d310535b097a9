import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { CanonFact } from '../../api/types';
import { entityKeys } from '../entities/queries';
import { novelKeys } from '../novels/queries';

/** Facts per request; "Load more" asks for the next page. */
export const CANON_PAGE = 200;

/** Which facts the canon page asks for; the server filters, so `total` and the pages agree. */
export interface CanonFilter {
  /** Text in the subject (named as of the cap), the fact or the value. */
  q: string;
  lockedOnly: boolean;
  /** False hides facts a later chapter (by the cap) restates, unless they are locked. */
  withRestated: boolean;
}

interface CanonPageData {
  items: CanonFact[];
  total: number;
  limit: number;
  offset: number;
}

/** Query keys for canon facts; every key carries the cap. */
export const canonKeys = {
  all: (novelId: string) => [...novelKeys.detail(novelId), 'canon'] as const,
  list: (novelId: string, cap: number, filter: CanonFilter) => [...canonKeys.all(novelId), { cap, ...filter }] as const,
  lockedCount: (novelId: string, cap: number) => [...canonKeys.all(novelId), 'locked-count', { cap }] as const,
};

/** The canon facts at the cap, a page at a time (`fetchNextPage` loads the next one). */
export function useCanon(novelId: string, cap: number, filter: CanonFilter) {
  return useInfiniteQuery({
    queryKey: canonKeys.list(novelId, cap, filter),
    queryFn: ({ pageParam }) =>
      unwrap(
        api.GET('/api/novels/{novel_id}/canon', {
          params: {
            path: { novel_id: novelId },
            query: {
              cap,
              limit: CANON_PAGE,
              offset: pageParam,
              ...(filter.q ? { q: filter.q } : {}),
              ...(filter.lockedOnly ? { locked: true } : {}),
              ...(filter.withRestated ? {} : { current: true }),
            },
          },
        }),
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.offset + last.items.length < last.total ? last.offset + last.items.length : undefined),
    // Keep the last answer while a new filter loads, never across caps (a later chapter's facts).
    placeholderData: (previous, previousQuery) => {
      const options = previousQuery?.queryKey.at(-1);
      return typeof options === 'object' && options !== null && 'cap' in options && options.cap === cap ? previous : undefined;
    },
    enabled: cap >= 1,
  });
}

/** How many facts are locked at the cap (one row fetched, the total is what counts). */
export function useLockedCount(novelId: string, cap: number) {
  return useQuery({
    queryKey: canonKeys.lockedCount(novelId, cap),
    queryFn: async () =>
      (await unwrap(api.GET('/api/novels/{novel_id}/canon', { params: { path: { novel_id: novelId }, query: { cap, locked: true, limit: 1 } } })))
        .total,
    enabled: cap >= 1,
  });
}

export type CanonChange = { fact: CanonFact; action: 'lock' | 'unlock' } | { fact: CanonFact; action: 'edit'; value: string };

/** Lock, unlock or edit a fact; the answer replaces the fact in the list at once. */
export function useChangeFact(novelId: string, cap: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: CanonChange) => {
      const params = { path: { novel_id: novelId, fact_id: change.fact.id }, query: { cap } };
      switch (change.action) {
        case 'lock':
          return unwrap(api.POST('/api/novels/{novel_id}/canon/{fact_id}/lock', { params }));
        case 'unlock':
          return unwrap(api.POST('/api/novels/{novel_id}/canon/{fact_id}/unlock', { params }));
        case 'edit':
          return unwrap(api.PATCH('/api/novels/{novel_id}/canon/{fact_id}', { params, body: { value: change.value } }));
      }
    },
    onSuccess: (fact) => {
      // Every loaded page of every filter shows the new fact at once; the refetch then re-filters.
      queryClient.setQueriesData<InfiniteData<CanonPageData>>({ queryKey: canonKeys.all(novelId) }, (data) =>
        data?.pages
          ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map((f) => (f.id === fact.id ? fact : f)) })) }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: canonKeys.all(novelId) });
      void queryClient.invalidateQueries({ queryKey: entityKeys.all(novelId) });
    },
  });
}
