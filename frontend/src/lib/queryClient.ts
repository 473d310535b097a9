import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/errors';

/** A 4xx will not change by asking again (a 404 at a cap is an answer, not a failure). */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 15_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
