import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, makeNovel, mockApi, testQueryClient } from '../test/render';
import { AppShell } from './AppShell';
import { NovelLayout } from './NovelLayout';

const novel = makeNovel({ latest_chapter: 7, chapter_count: 7 });

function renderLayout(url: string) {
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route element={<AppShell />}>
            <Route path="novels/:novelId" element={<NovelLayout />}>
              <Route path="characters" element={<h1>Characters page</h1>} />
            </Route>
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('NovelLayout', () => {
  it('shows the novel, the slider and only pages that exist, each keeping the cap', async () => {
    mockApi((_request, url) => {
      if (url.pathname === `/api/novels/${novel.id}`) return json(novel);
      if (url.pathname.endsWith('/types')) {
        return json({
          genre: 'fantasy',
          presets: [],
          types: [
            { name: 'character', description: '', core: true, preset: null, entity_count: 3 },
            { name: 'magic_system', description: 'Magic.', core: false, preset: 'fantasy', entity_count: 1 },
          ],
        });
      }
      if (url.pathname.endsWith('/search-index')) return json({ chapters: 3, indexed: 3, pending: [], indexing: null, failed: [] });
      return json([]);
    });
    renderLayout(`/novels/${novel.id}/characters?cap=4`);
    expect(await screen.findByRole('heading', { name: 'Characters page' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Continuum');
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('slider')).toHaveValue('4');
    const nav = screen.getByRole('navigation', { name: 'Novel' });
    // The novel's custom types join the wiki section once the types are loaded.
    expect(await within(nav).findByRole('link', { name: 'Magic system' })).toHaveAttribute('href', `/novels/${novel.id}/types/magic_system?cap=4`);
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Home',
      'Chapters',
      'Timeline',
      'Plot threads',
      'Relationship graph',
      'Characters',
      'Locations',
      'Factions',
      'Objects',
      'Magic system',
      'Search',
      'Commitments',
      'Canon facts',
      'Flags and critiques',
      'Process',
      'Review queue',
      'Duplicates',
      'Extraction cost',
      'Entity types',
    ]);
    for (const link of links) expect(link.getAttribute('href')).toMatch(/\?cap=4$/);
    expect(within(nav).getByRole('link', { name: 'Characters' })).toHaveAttribute('aria-current', 'page');
  });

  it('says so when the novel does not exist', async () => {
    mockApi(() => json({ detail: 'novel not found' }, 404));
    renderLayout(`/novels/${novel.id}/characters`);
    expect(await screen.findByText('This novel does not exist')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all novels' })).toHaveAttribute('href', '/');
  });
});
