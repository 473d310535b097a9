/** The `?cap=N` query parameter: the last chapter the reader has reached. */
export const CAP_PARAM = 'cap';

/** Clamps a chapter number to 1..latest; 0 when the novel has no chapters yet. */
export function clampCap(value: number, latest: number): number {
  if (latest < 1) return 0;
  if (!Number.isFinite(value)) return latest;
  return Math.min(latest, Math.max(1, Math.trunc(value)));
}

/** Reads the cap from the raw query value: absent or unreadable means the latest chapter. */
export function parseCap(raw: string | null | undefined, latest: number): number {
  const text = raw?.trim() ?? '';
  if (!/^-?\d+$/.test(text)) return clampCap(latest, latest);
  return clampCap(Number.parseInt(text, 10), latest);
}

/** Adds the cap (if any) to an internal path, keeping the path's own query and hash. */
export function withCap(to: string, cap: string | null): string {
  if (!cap) return to;
  const hashAt = to.indexOf('#');
  const hash = hashAt >= 0 ? to.slice(hashAt) : '';
  const beforeHash = hashAt >= 0 ? to.slice(0, hashAt) : to;
  const queryAt = beforeHash.indexOf('?');
  const path = queryAt >= 0 ? beforeHash.slice(0, queryAt) : beforeHash;
  const params = new URLSearchParams(queryAt >= 0 ? beforeHash.slice(queryAt + 1) : '');
  if (!params.has(CAP_PARAM)) params.set(CAP_PARAM, cap);
  return `${path}?${params.toString()}${hash}`;
}
