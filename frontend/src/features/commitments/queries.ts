import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { novelKeys } from '../novels/queries';

/** Query keys for commitments (setups and payoffs); every key carries the cap. */
export const commitmentKeys = {
  all: (novelId: string) => [...novelKeys.detail(novelId), 'commitments'] as const,
  list: (novelId: string, cap: number) => [...commitmentKeys.all(novelId), { cap }] as const,
};

export function useCommitments(novelId: string, cap: number) {
  return useQuery({
    queryKey: commitmentKeys.list(novelId, cap),
    queryFn: () => unwrap(api.GET('/api/novels/{novel_id}/commitments', { params: { path: { novel_id: novelId }, query: { cap } } })),
    enabled: cap >= 1,
  });
}
