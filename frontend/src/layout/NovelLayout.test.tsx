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
    mockApi((_request, url) => (url.pathname === `/api/novels/${novel.id}` ? json(novel) : json([])));
    renderLayout(`/novels/${novel.id}/characters?cap=4`);
    expect(await screen.findByRole('heading', { name: 'Characters page' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Continuum');
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('slider')).toHaveValue('4');
    const nav = screen.getByRole('navigation', { name: 'Novel' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Home', 'Chapters', 'Characters', 'Locations', 'Factions', 'Objects', 'Process']);
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
