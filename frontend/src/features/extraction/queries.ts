import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { novelKeys } from '../novels/queries';

/** Query keys for extraction costs; every key carries the cap it was read at. */
export const extractionKeys = {
  all: (novelId: string) => [...novelKeys.detail(novelId), 'extraction'] as const,
  list: (novelId: string, cap: number) => [...extractionKeys.all(novelId), 'list', { cap }] as const,
  chapter: (novelId: string, number: number, cap: number) => [...extractionKeys.all(novelId), 'chapter', number, { cap }] as const,
};

/** Every chapter's extraction cost and alignment up to the cap, with the totals. */
export function useExtractionCosts(novelId: string, cap: number) {
  return useQuery({
    queryKey: extractionKeys.list(novelId, cap),
    queryFn: () => unwrap(api.GET('/api/novels/{novel_id}/extraction', { params: { path: { novel_id: novelId }, query: { cap } } })),
    enabled: cap >= 1,
  });
}

/** One chapter's extraction: calls per pass, tokens, cost and alignment. */
export function useChapterExtraction(novelId: string, number: number, cap: number) {
  return useQuery({
    queryKey: extractionKeys.chapter(novelId, number, cap),
    queryFn: () =>
      unwrap(
        api.GET('/api/novels/{novel_id}/chapters/{number}/extraction', {
          params: { path: { novel_id: novelId, number }, query: { cap } },
        }),
      ),
    // A chapter past the cap is never requested, so what it cost cannot leak.
    enabled: cap >= 1 && Number.isInteger(number) && number >= 1 && number <= cap,
  });
}
