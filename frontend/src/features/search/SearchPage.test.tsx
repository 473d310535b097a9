import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUrl, json, makeNovel, mockApi, renderWithRouter, WithNovel } from '../../test/render';
import { chapterList, SearchPage } from './SearchPage';

const novel = makeNovel({ latest_chapter: 12, chapter_count: 12 });

describe('SearchPage', () => {
  it('searches up to the cap, keeps the query in the URL and marks matches as text', async () => {
    const user = userEvent.setup();
    const calls = mockApi((_request, url) =>
      json({
        query: url.searchParams.get('q'),
        mode: url.searchParams.get('mode'),
        cap: Number(url.searchParams.get('cap')),
        dense_available: true,
        indexing: [],
        hits: [
          { kind: 'passage', id: '1', chapter: 3, start: 10, end: 90, snippet: 'a «ball» at <img src=x onerror=alert(2)> «Netherfield»', score: 0.03, entity: null },
          { kind: 'entity', id: 'e1', chapter: 1, start: null, end: null, snippet: 'Netherfield Park', score: 0.01, entity: { id: 'e1', name: 'Netherfield Park', type: 'location' } },
        ],
      }),
    );
    const { container } = renderWithRouter(
      <WithNovel novel={novel}>
        <SearchPage />
      </WithNovel>,
      { url: `/novels/${novel.id}/search?cap=4` },
    );
    expect(screen.getByText('Type something to search for')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search the story' }), 'ball Netherfield');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(/2 results for “ball Netherfield” up to chapter 4/)).toBeInTheDocument();
    expect(currentUrl().searchParams.get('q')).toBe('ball Netherfield');
    expect(calls[0]?.path).toBe(`/api/novels/${novel.id}/search?q=ball%20Netherfield&mode=hybrid&cap=4&limit=20`);
    const marks = [...container.querySelectorAll('.search-hit__snippet mark')].map((m) => m.textContent);
    expect(marks).toEqual(['ball', 'Netherfield']);
    expect(container.querySelector('.search-hit img')).toBeNull();
    expect(screen.getByText(/<img src=x onerror=alert\(2\)>/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Chapter 3' })).toHaveAttribute('href', `/novels/${novel.id}/chapters/3?cap=4`);
    expect(screen.getByRole('link', { name: 'Netherfield Park' })).toHaveAttribute('href', `/novels/${novel.id}/entities/e1?cap=4`);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Match' }), 'bm25');
    expect(currentUrl().searchParams.get('mode')).toBe('bm25');
  });

  it('says which chapters are still being indexed, and that they are found by their words', async () => {
    const user = userEvent.setup();
    mockApi(() =>
      json({
        query: 'ball',
        mode: 'hybrid',
        cap: 12,
        dense_available: true,
        indexing: [10, 11, 12],
        hits: [{ kind: 'passage', id: '9', chapter: 11, start: 0, end: 80, snippet: 'the «ball»', score: 0.02, entity: null }],
      }),
    );
    renderWithRouter(
      <WithNovel novel={novel}>
        <SearchPage />
      </WithNovel>,
      { url: `/novels/${novel.id}/search?q=ball` },
    );
    expect(
      await screen.findByText('Chapters 10–12 are still being indexed for search: results from them match the words only, for now.'),
    ).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Match' }), 'bm25');
    expect(screen.queryByText(/still being indexed/)).not.toBeInTheDocument();
  });

  it('names chapters in runs', () => {
    expect(chapterList([7])).toBe('Chapter 7');
    expect(chapterList([2, 5, 6, 7, 9])).toBe('Chapters 2, 5–7 and 9');
  });
});
