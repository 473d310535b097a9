import { useCallback, useSyncExternalStore } from 'react';
import type { QueuedSubmission } from './queries';

/**
 * What was queued from the Process page during this visit, per novel, newest first. It
 * outlives the page so that leaving and coming back keeps the progress rows.
 */
const byNovel = new Map<string, QueuedSubmission[]>();
const listeners = new Set<() => void>();
const empty: QueuedSubmission[] = [];

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function addSubmissions(novelId: string, queued: QueuedSubmission[]) {
  if (queued.length === 0) return;
  byNovel.set(novelId, [...[...queued].reverse(), ...(byNovel.get(novelId) ?? [])]);
  listeners.forEach((listener) => listener());
}

/** Test helper: forget everything. */
export function clearSubmissions() {
  byNovel.clear();
  listeners.forEach((listener) => listener());
}

export function useSessionSubmissions(novelId: string) {
  const getSnapshot = useCallback(() => byNovel.get(novelId) ?? empty, [novelId]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
