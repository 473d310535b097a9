import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { isNotFound } from '../../api/errors';
import type { Critique } from '../../api/types';
import { novelKeys } from '../novels/queries';

/** Query keys for continuity flags and chapter critiques; every key carries the cap. */
export const continuityKeys = {
  all: (novelId: string) => [...novelKeys.detail(novelId), 'continuity'] as const,
  flags: (novelId: string, cap: number) => [...continuityKeys.all(novelId), 'flags', { cap }] as const,
  critique: (novelId: string, number: number, cap: number) => [...continuityKeys.all(novelId), 'critique', number, { cap }] as const,
  critiques: (novelId: string, cap: number, problems: boolean) => [...continuityKeys.all(novelId), 'critiques', { cap, problems }] as const,
};

/** Critiques per request; "Load more" asks for the next page. */
export const CRITIQUES_PAGE = 50;

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

/**
 * The critiques of chapters 1..cap, latest chapter first, a page at a time; with `problems`
 * only those with findings or a failed critic.
 */
export function useCritiques(novelId: string, cap: number, problems: boolean) {
  return useInfiniteQuery({
    queryKey: continuityKeys.critiques(novelId, cap, problems),
    queryFn: ({ pageParam }) =>
      unwrap(
        api.GET('/api/novels/{novel_id}/critiques', {
          params: { path: { novel_id: novelId }, query: { cap, problems, limit: CRITIQUES_PAGE, offset: pageParam } },
        }),
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.offset + last.items.length < last.total ? last.offset + last.items.length : undefined),
    enabled: cap >= 1,
  });
}

/** How many chapters up to the cap were judged, and how many of them have findings. */
export function useCritiqueCounts(novelId: string, cap: number) {
  const count = (problems: boolean) => ({
    queryKey: [...continuityKeys.critiques(novelId, cap, problems), 'count'] as const,
    queryFn: async () =>
      (
        await unwrap(
          api.GET('/api/novels/{novel_id}/critiques', {
            params: { path: { novel_id: novelId }, query: { cap, problems, limit: 1, offset: 0 } },
          }),
        )
      ).total,
    enabled: cap >= 1,
  });
  const judged = useQuery(count(false));
  const withFindings = useQuery(count(true));
  return { judged: judged.data, withFindings: withFindings.data };
}
