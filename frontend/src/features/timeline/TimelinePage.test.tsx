import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TimelineEvent } from '../../api/types';
import { json, makeNovel, mockApi, renderWithRouter, WithNovel } from '../../test/render';
import { TimelinePage } from './TimelinePage';
import { TIMELINE_PAGE } from './queries';

const novel = makeNovel({ latest_chapter: 12, chapter_count: 12 });

// 250 events: chapters 1..11 fill the first page, chapter 12 only arrives with the second.
const events: TimelineEvent[] = Array.from({ length: 250 }, (_, i) => ({
  id: i + 1,
  chapter: i < 240 ? 1 + Math.floor(i / 22) : 12,
  ordinal: i,
  story_order: null,
  type: 'action',
  summary: `Event number ${i + 1}`,
  verb: 'walked',
  subject: null,
  object: null,
  involved: [],
  impact: 0.5,
  evidence_quote: null,
}));

function setup() {
  return mockApi(async (request, url) => {
    if (request.method !== 'GET' || !url.pathname.endsWith('/timeline')) return undefined;
    const limit = Number(url.searchParams.get('limit'));
    const offset = Number(url.searchParams.get('offset'));
    return json({ items: events.slice(offset, offset + limit), total: events.length, limit, offset });
  });
}

describe('TimelinePage', () => {
  it('loads the timeline a page at a time, and the last page brings the latest chapter', async () => {
    const calls = setup();
    renderWithRouter(
      <WithNovel novel={novel}>
        <TimelinePage />
      </WithNovel>,
      { url: `/novels/${novel.id}/timeline?cap=12`, path: '/novels/:novelId/timeline' },
    );
    expect(await screen.findByText(/250 events in chapters 1 to 12 \(showing the first 200\)/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Chapter 12' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more events (200 of 250 shown)' }));
    expect(await screen.findByRole('link', { name: 'Chapter 12' })).toBeInTheDocument();
    expect(screen.getByText('250 events in chapters 1 to 12.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Load more events/ })).not.toBeInTheDocument();
    const offsets = calls
      .filter((c) => c.path.includes('/timeline?'))
      .map((c) => new URL(c.path, 'http://test').searchParams.get('offset'));
    expect(offsets).toEqual(['0', String(TIMELINE_PAGE)]);
  });
});
