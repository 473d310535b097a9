import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, makeNovel, mockApi, renderWithRouter, WithNovel } from '../../test/render';
import { ChapterPage } from './ChapterPage';

const novel = makeNovel({ latest_chapter: 5, chapter_count: 5 });

function renderChapter(url: string) {
  return renderWithRouter(
    <WithNovel novel={novel}>
      <ChapterPage />
    </WithNovel>,
    { url, path: '/novels/:novelId/chapters/:number' },
  );
}

describe('ChapterPage', () => {
  it('does not even ask for a chapter past the cap', async () => {
    const calls = mockApi(() => json({ detail: 'should not be called' }, 500));
    renderChapter(`/novels/${novel.id}/chapters/4?cap=2`);
    expect(await screen.findByRole('heading', { name: 'Not yet in the story at chapter 2' })).toBeInTheDocument();
    expect(screen.getByText(/Chapter 4 is past the chapter you have reached/)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the text, the summary and the way to the next chapter within the cap', async () => {
    mockApi((_request, url) => {
      if (url.pathname.endsWith('/scenes')) {
        return json([
          {
            id: 1,
            ordinal: 0,
            start: 0,
            end: 30,
            pov: null,
            location: { id: 'l1', name: 'Longbourn', type: 'location' },
            time_anchor: 'the next morning',
            present: [{ id: 'c1', name: 'Mr. Bennet', type: 'character' }],
            summary: 'Mr. Bennet calls at Netherfield.',
          },
        ]);
      }
      if (url.pathname.endsWith('/critique')) return json({ detail: 'critique of chapter 2 not found' }, 404);
      if (url.pathname.endsWith('/extraction')) {
        return json({
          chapter: 2, title: 'Chapter II', stored: true, extractor: 'offline', llm: false, calls: 0, failed_calls: 0,
          tokens_in: 0, tokens_out: 0, tokens_cached: 0, cached_share: 0, cost_usd: 0, latency_ms: 0, alignment: null, passes: [],
        });
      }
      return json({
        number: 2,
        title: 'Chapter II',
        word_count: 811,
        text: 'Mr. Bennet was among the earliest.\n\nHe had always intended to visit him.',
        summary: 'Mr. Bennet visits Mr. Bingley.',
        summary_medium: null,
        summary_long: null,
        created_at: '2024-01-01T00:00:00Z',
      });
    });
    renderChapter(`/novels/${novel.id}/chapters/2?cap=3`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Chapter 2' })).toBeInTheDocument();
    expect(screen.getByText('Mr. Bennet visits Mr. Bingley.')).toBeInTheDocument();
    expect(screen.getByText('He had always intended to visit him.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Chapter 3/ })).toHaveAttribute('href', `/novels/${novel.id}/chapters/3?cap=3`);
    // Scenes and the critique, read at the same cap.
    expect(await screen.findByText('Mr. Bennet calls at Netherfield.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Longbourn' })).toHaveAttribute('href', `/novels/${novel.id}/entities/l1?cap=3`);
    expect(await screen.findByText('No critique was recorded for this chapter.')).toBeInTheDocument();
    expect(await screen.findByText(/extractor — no LLM calls, \$0\./)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/Told in the first person/)).not.toBeInTheDocument();
  });

  it('names the narrator of a chapter told by "I", or says they are not named yet', async () => {
    const narrated = (narrator: { id: string; name: string; type: string } | null) => (_request: Request, url: URL) => {
      if (url.pathname.endsWith('/scenes')) return json([]);
      if (url.pathname.endsWith('/critique')) return json({ detail: 'no critique' }, 404);
      if (url.pathname.endsWith('/extraction')) return json({ detail: 'no extraction' }, 404);
      return json({
        number: 3, title: 'The Black Spot', word_count: 2900, text: 'I went down to the inn.',
        summary: null, summary_medium: null, summary_long: null, created_at: '2024-01-01T00:00:00Z',
        first_person: true, narrator,
      });
    };
    mockApi(narrated({ id: 'jim', name: 'Jim', type: 'character' }));
    const named = renderChapter(`/novels/${novel.id}/chapters/3?cap=4`);
    expect(await screen.findByText(/Told in the first person by/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Jim' })).toHaveAttribute('href', `/novels/${novel.id}/entities/jim?cap=4`);
    named.unmount();
    mockApi(narrated(null));
    renderChapter(`/novels/${novel.id}/chapters/3?cap=4`);
    expect(await screen.findByText('Told in the first person by a narrator this chapter does not name.')).toBeInTheDocument();
  });
});
