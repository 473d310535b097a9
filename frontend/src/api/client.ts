import createClient from 'openapi-fetch';
import { authFetch } from './authFetch';
import type { paths } from './schema';
import { ApiError, describeErrorBody } from './errors';

/**
 * The typed API client. Relative URLs: the backend serves the UI and `/api` on one origin,
 * and Vite proxies `/api` in development. `fetch` is looked up per call so tests can stub it;
 * {@link authFetch} adds the API token where the server asks for one.
 */
export const api = createClient<paths>({
  baseUrl: typeof window !== 'undefined' ? window.location.origin : '',
  fetch: (request) => authFetch(request),
});

type Result<T> = { data?: T; error?: unknown; response: Response };

/** Returns the data of an openapi-fetch call or throws an {@link ApiError} with the server's detail. */
export async function unwrap<T>(call: Promise<Result<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw new ApiError(response.status, describeErrorBody(error, response.status));
  return data as T;
}
