import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { novelKeys } from '../novels/queries';

/** Query keys for chapters; every key carries the cap it was read at. */
export const chapterKeys = {
  all: (novelId: string) => [...novelKeys.detail(novelId), 'chapters'] as const,
  list: (novelId: string, cap: number) => [...chapterKeys.all(novelId), 'list', { cap }] as const,
  detail: (novelId: string, number: number, cap: number) => [...chapterKeys.all(novelId), 'detail', number, { cap }] as const,
};

export function useChapters(novelId: string, cap: number) {
  return useQuery({
    queryKey: chapterKeys.list(novelId, cap),
    queryFn: () => unwrap(api.GET('/api/novels/{novel_id}/chapters', { params: { path: { novel_id: novelId }, query: { cap } } })),
    enabled: cap >= 1,
  });
}

export function useChapter(novelId: string, number: number, cap: number) {
  return useQuery({
    queryKey: chapterKeys.detail(novelId, number, cap),
    queryFn: () =>
      unwrap(
        api.GET('/api/novels/{novel_id}/chapters/{number}', {
          params: { path: { novel_id: novelId, number }, query: { cap } },
        }),
      ),
    // A chapter past the cap is never requested, so it cannot leak.
    enabled: cap >= 1 && Number.isInteger(number) && number >= 1 && number <= cap,
  });
}

/** The chapter's scenes (POV, place, cast) as of the cap. */
export function useScenes(novelId: string, number: number, cap: number) {
  return useQuery({
    queryKey: [...chapterKeys.detail(novelId, number, cap), 'scenes'] as const,
    queryFn: () =>
      unwrap(
        api.GET('/api/novels/{novel_id}/chapters/{number}/scenes', {
          params: { path: { novel_id: novelId, number }, query: { cap } },
        }),
      ),
    enabled: cap >= 1 && Number.isInteger(number) && number >= 1 && number <= cap,
  });
}
