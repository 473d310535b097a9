import type { TimelineEvent } from '../../api/types';

export interface ChapterEvents {
  chapter: number;
  events: TimelineEvent[];
}

/** Events in the order the API gave them, grouped by chapter (chapters ascending). */
export function groupByChapter(events: TimelineEvent[]): ChapterEvents[] {
  const groups = new Map<number, TimelineEvent[]>();
  for (const event of events) {
    const list = groups.get(event.chapter);
    if (list) list.push(event);
    else groups.set(event.chapter, [event]);
  }
  return [...groups.entries()].sort(([a], [b]) => a - b).map(([chapter, list]) => ({ chapter, events: list }));
}

/** Each event type with how many events have it, most frequent first. */
export function countTypes(events: TimelineEvent[]): { type: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const event of events) counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
  return [...counts.entries()].map(([type, count]) => ({ type, count })).sort((a, b) => b.count - a.count || a.type.localeCompare(b.type));
}

/** A major event by the extractor's impact score (0..1). */
export const MAJOR_IMPACT = 0.6;
