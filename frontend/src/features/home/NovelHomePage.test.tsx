import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EntitySummary } from '../../api/types';
import { json, makeNovel, mockApi, renderWithRouter, WithNovel } from '../../test/render';
import { MAIN_CHARACTERS, NovelHomePage } from './NovelHomePage';

const novel = makeNovel({ latest_chapter: 5, chapter_count: 5 });

const characters: EntitySummary[] = Array.from({ length: 30 }, (_, i) => ({
  id: `00000000-0000-0000-0000-${String(i).padStart(12, '0')}`,
  name: `Person no. ${i}`,
  type: 'character',
  aliases: [],
  first_chapter: 1,
  mention_count: 100 - i,
}));

describe('NovelHomePage', () => {
  it('asks the server for only the most mentioned characters', async () => {
    const calls = mockApi((request, url) => {
      if (request.method !== 'GET' || !url.pathname.endsWith('/characters')) return undefined;
      const limit = Number(url.searchParams.get('limit') ?? 200);
      return json({ items: characters.slice(0, limit), total: characters.length, limit, offset: 0 });
    });
    renderWithRouter(
      <WithNovel novel={novel}>
        <NovelHomePage />
      </WithNovel>,
      { url: `/novels/${novel.id}?cap=4`, path: '/novels/:novelId' },
    );
    const section = (await screen.findByRole('heading', { name: 'Most mentioned characters' })).closest('section');
    expect(section?.querySelectorAll('li')).toHaveLength(MAIN_CHARACTERS);
    expect(screen.getByRole('link', { name: 'Person no. 0' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: `Person no. ${MAIN_CHARACTERS}` })).not.toBeInTheDocument();
    const requests = calls
      .filter((c) => c.path.includes('/characters?'))
      .map((c) => Object.fromEntries(new URL(c.path, 'http://test').searchParams));
    expect(requests).toEqual([{ cap: '4', limit: String(MAIN_CHARACTERS) }]);
  });
});
