/**
 * The API token for servers started with `CONTINUUM_API_TOKEN`. It is asked for once, when
 * the server first answers 401, and kept in sessionStorage (gone when the tab closes).
 */
const STORAGE_KEY = 'continuum.apiToken';

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    // Storage can be disabled by the browser; the token then lives for this page only.
    return null;
  }
}

let memoryToken: string | null = null;

export function getToken(): string | null {
  const store = storage();
  return store ? store.getItem(STORAGE_KEY) : memoryToken;
}

export function setToken(token: string): void {
  memoryToken = token;
  storage()?.setItem(STORAGE_KEY, token);
  notify();
}

export function clearToken(): void {
  memoryToken = null;
  storage()?.removeItem(STORAGE_KEY);
  notify();
}

const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** For `useSyncExternalStore`: re-render when the token is set or forgotten. */
export function subscribeToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Why the token is asked for: none was sent yet, or the one sent was refused. */
export type TokenReason = 'required' | 'refused';

/** Shows the token dialog; resolves with the token, or null when the user cancels. */
export type TokenAsker = (reason: TokenReason) => Promise<string | null>;

let asker: TokenAsker | null = null;
let pending: Promise<string | null> | null = null;

/** The token dialog registers itself here while it is mounted. */
export function setTokenAsker(next: TokenAsker | null): void {
  asker = next;
}

/** Asks the user for the token; requests refused at the same moment share one dialog. */
export function askForToken(reason: TokenReason): Promise<string | null> {
  if (!asker) return Promise.resolve(null);
  if (!pending) {
    pending = asker(reason).finally(() => {
      pending = null;
    });
  }
  return pending;
}
