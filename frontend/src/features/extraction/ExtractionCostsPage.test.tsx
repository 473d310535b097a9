import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ExtractionCosts } from '../../api/types';
import { json, makeNovel, mockApi, renderWithRouter, WithNovel } from '../../test/render';
import { ExtractionCostsPage } from './ExtractionCostsPage';
import { llmChapter } from './testFixtures';

const novel = makeNovel({ latest_chapter: 4, chapter_count: 4 });

const costs: ExtractionCosts = {
  cap: 3,
  drop_warning: 0.2,
  chapters: [
    llmChapter({ chapter: 1, title: 'Chapter I', extractor: 'offline', llm: false, calls: 0, failed_calls: 0, tokens_in: 0, tokens_out: 0, tokens_cached: 0, cached_share: 0, cost_usd: 0, alignment: null, passes: [] }),
    llmChapter({ chapter: 2, title: 'The Ball', cost_usd: 0.0031, failed_calls: 0, alignment: { ...llmChapter().alignment!, warning: false, dropped_share: 0.05 } }),
    llmChapter({ chapter: 3, cost_usd: 0.004515 }),
  ],
  totals: {
    chapters: 3,
    llm_chapters: 2,
    calls: 10,
    failed_calls: 1,
    tokens_in: 30600,
    tokens_out: 7400,
    tokens_cached: 12288,
    cached_share: 0.4016,
    cost_usd: 0.007615,
    latency_ms: 42000,
    alignment_warnings: 1,
  },
};

function renderPage(url: string) {
  return renderWithRouter(
    <WithNovel novel={novel}>
      <ExtractionCostsPage />
    </WithNovel>,
    { url, path: '/novels/:novelId/extraction' },
  );
}

describe('ExtractionCostsPage', () => {
  it('sums the cost per chapter up to the cap, with offline chapters at $0', async () => {
    const calls = mockApi((_request, url) => (url.pathname.endsWith('/extraction') ? json(costs) : undefined));
    renderPage(`/novels/${novel.id}/extraction?cap=3`);
    const table = await screen.findByRole('table', { name: 'Extraction cost per chapter up to chapter 3' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(5); // head, three chapters, totals
    expect(rows[1]).toHaveTextContent('offline extractor — no LLM calls, $0');
    expect(within(rows[2]!).getByRole('link', { name: 'Chapter 2: The Ball' })).toHaveAttribute('href', `/novels/${novel.id}/chapters/2?cap=3`);
    expect(rows[2]).toHaveTextContent('$0.0031');
    expect(rows[3]).toHaveTextContent('⚠ 27%');
    expect(rows[4]).toHaveTextContent('Total');
    expect(rows[4]).toHaveTextContent('$0.0076');
    expect(screen.getByText(/\$0\.0076 for 10 LLM calls over 3 chapters up to chapter 3 \(1 read offline, free\)\./)).toBeInTheDocument();
    expect(screen.getByText(/1 later chapter hidden by the slider/)).toBeInTheDocument();
    expect(screen.getByRole('note', { name: 'Alignment warning' })).toHaveTextContent('1 chapter dropped more than 20% of the items');
    expect(calls.map((c) => c.path)).toEqual([`/api/novels/${novel.id}/extraction?cap=3`]);
  });

  it('shows no warning when no chapter dropped too much', async () => {
    mockApi(() => json({ ...costs, chapters: costs.chapters.slice(0, 2), totals: { ...costs.totals, alignment_warnings: 0 } }));
    renderPage(`/novels/${novel.id}/extraction?cap=2`);
    await screen.findByRole('table');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
