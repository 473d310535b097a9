import { askForToken, clearToken, getToken, setToken } from './token';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isMutating(method: string): boolean {
  return MUTATING.has(method.toUpperCase());
}

function withToken(request: Request, token: string): Request {
  const headers = new Headers(request.headers);
  headers.set('Authorization', `Bearer ${token}`);
  return new Request(request, { headers });
}

/**
 * `fetch` for the API client: sends the saved token on mutating calls, and when the server
 * answers 401 asks for the token (one dialog) and sends the request once more with it.
 */
export async function authFetch(request: Request): Promise<Response> {
  // The body can be read only once: keep a copy for the second attempt.
  const spare = request.clone();
  const saved = getToken();
  const sentToken = saved !== null && isMutating(request.method);
  const response = await globalThis.fetch(sentToken ? withToken(request, saved) : request);
  if (response.status !== 401) return response;

  if (sentToken) clearToken();
  const token = await askForToken(sentToken ? 'refused' : 'required');
  if (!token) return response;
  setToken(token);
  const second = await globalThis.fetch(withToken(spare, token));
  // A refused token is not kept: the next change asks again.
  if (second.status === 401) clearToken();
  return second;
}
