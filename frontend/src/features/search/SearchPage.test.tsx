import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUrl, json, makeNovel, mockApi, renderWithRouter, WithNovel } from '../../test/render';
import { SearchPage } from './SearchPage';

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
});
