import { useQueries, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { isNotFound } from '../../api/errors';
import type { Critique } from '../../api/types';
import { novelKeys } from '../novels/queries';

/** Query keys for continuity flags and chapter critiques; every key carries the cap. */
export const continuityKeys = {
  all: (novelId: string) => [...novelKeys.detail(novelId), 'continuity'] as const,
  flags: (novelId: string, cap: number) => [...continuityKeys.all(novelId), 'flags', { cap }] as const,
  critique: (novelId: string, number: number, cap: number) => [...continuityKeys.all(novelId), 'critique', number, { cap }] as const,
};

export function useFlags(novelId: string, cap: number) {
  return useQuery({
    queryKey: continuityKeys.flags(novelId, cap),
    queryFn: () => unwrap(api.GET('/api/novels/{novel_id}/flags', { params: { path: { novel_id: novelId }, query: { cap } } })),
    enabled: cap >= 1,
  });
}

/** The critique recorded for a chapter, or null when none was (a 404 says so). */
async function fetchCritique(novelId: string, number: number, cap: number): Promise<Critique | null> {
  try {
    return await unwrap(
      api.GET('/api/novels/{novel_id}/chapters/{number}/critique', { params: { path: { novel_id: novelId, number }, query: { cap } } }),
    );
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

function critiqueOptions(novelId: string, number: number, cap: number) {
  return {
    queryKey: continuityKeys.critique(novelId, number, cap),
    queryFn: () => fetchCritique(novelId, number, cap),
    enabled: cap >= 1 && number >= 1 && number <= cap,
  };
}

export function useCritique(novelId: string, number: number, cap: number) {
  return useQuery(critiqueOptions(novelId, number, cap));
}

/** The critiques of chapters 1..cap (one request per chapter: the API has no list route). */
export function useCritiques(novelId: string, cap: number) {
  return useQueries({
    queries: Array.from({ length: Math.max(0, cap) }, (_, i) => critiqueOptions(novelId, i + 1, cap)),
    combine: (results) => ({
      critiques: results.map((r) => r.data).filter((c): c is Critique => !!c),
      pending: results.some((r) => r.isPending),
      error: results.find((r) => r.isError)?.error ?? null,
      refetch: () => results.forEach((r) => void r.refetch()),
    }),
  });
}
