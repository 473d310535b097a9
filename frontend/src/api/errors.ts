/** An HTTP error from the API, carrying the server's `detail` in plain words. */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

interface ValidationItem {
  loc?: (string | number)[];
  msg?: string;
}

/** Turns a FastAPI error body (`{detail: string}` or a validation list) into one sentence. */
export function describeErrorBody(body: unknown, status: number): string {
  const detail = typeof body === 'object' && body !== null ? (body as { detail?: unknown }).detail : undefined;
  if (typeof detail === 'string' && detail.trim()) return detail;
  if (Array.isArray(detail) && detail.length > 0) {
    return detail
      .map((item: ValidationItem) => {
        const field = (item.loc ?? []).filter((part) => part !== 'body' && part !== 'query' && part !== 'path').join('.');
        return field ? `${field}: ${item.msg ?? 'invalid value'}` : (item.msg ?? 'Invalid value');
      })
      .join('; ');
  }
  if (status === 404) return 'Not found.';
  if (status >= 500) return `The server had a problem (HTTP ${status}). Try again in a moment.`;
  return `The request was refused (HTTP ${status}).`;
}

/** A human sentence for any error thrown by a query or mutation. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) {
    return 'This server asks for its API token (CONTINUUM_API_TOKEN) before any change, and none was accepted. Nothing was changed; try again and enter the token when asked.';
  }
  if (error instanceof ApiError) return error.message;
  if (error instanceof TypeError) return 'Could not reach the Continuum server. Is it running?';
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong.';
}
