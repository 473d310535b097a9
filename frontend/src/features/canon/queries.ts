import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { CanonFact } from '../../api/types';
import { entityKeys } from '../entities/queries';
import { novelKeys } from '../novels/queries';

/** Query keys for canon facts; every key carries the cap. */
export const canonKeys = {
  all: (novelId: string) => [...novelKeys.detail(novelId), 'canon'] as const,
  list: (novelId: string, cap: number) => [...canonKeys.all(novelId), { cap }] as const,
};

export function useCanon(novelId: string, cap: number) {
  return useQuery({
    queryKey: canonKeys.list(novelId, cap),
    queryFn: async () =>
      (await unwrap(api.GET('/api/novels/{novel_id}/canon', { params: { path: { novel_id: novelId }, query: { cap } } }))).items,
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
      queryClient.setQueryData<CanonFact[]>(canonKeys.list(novelId, cap), (list) => list?.map((f) => (f.id === fact.id ? fact : f)));
      void queryClient.invalidateQueries({ queryKey: canonKeys.all(novelId) });
      void queryClient.invalidateQueries({ queryKey: entityKeys.all(novelId) });
    },
  });
}
