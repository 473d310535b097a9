import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EntitySummary } from '../../api/types';
import { currentUrl, json, makeNovel, mockApi, renderWithRouter, WithNovel } from '../../test/render';
import { ENTITY_PAGE } from '../entities/queries';
import { TypeEntitiesPage } from './TypeEntitiesPage';

const novel = makeNovel({ latest_chapter: 12, chapter_count: 12 });

// 230 spells, most mentioned first; every tenth is a Ward, and one is only "Lumen" by alias.
const spells: EntitySummary[] = Array.from({ length: 230 }, (_, i) => ({
  id: `00000000-0000-0000-0000-${String(i).padStart(12, '0')}`,
  name: i === 5 ? 'Light of Ages' : i % 10 === 3 ? `Ward no. ${i}` : `Spell no. ${i}`,
  type: 'magic_spell',
  aliases: i === 5 ? ['Lumen'] : [],
  first_chapter: 1 + (i % 12),
  mention_count: 1000 - i,
}));

const typesPage = {
  genre: 'fantasy',
  presets: [],
  types: [
    { name: 'character', description: 'People.', core: true, preset: null, entity_count: 3 },
    { name: 'magic_spell', description: 'Named spells and charms.', core: false, preset: null, entity_count: spells.length },
  ],
};

function setup(url = `/novels/${novel.id}/types/magic_spell?cap=12`) {
  const calls = mockApi((request, url) => {
    if (request.method !== 'GET') return undefined;
    if (url.pathname.endsWith('/types')) return json(typesPage);
    if (!url.pathname.endsWith('/entities')) return undefined;
    const type = url.searchParams.get('type');
    const limit = Number(url.searchParams.get('limit'));
    const offset = Number(url.searchParams.get('offset'));
    const q = url.searchParams.get('q')?.toLowerCase();
    const ofType = spells.filter((s) => s.type === type);
    const matches = q ? ofType.filter((s) => [s.name, ...s.aliases].some((n) => n.toLowerCase().includes(q))) : ofType;
    return json({ items: matches.slice(offset, offset + limit), total: matches.length, limit, offset });
  });
  renderWithRouter(
    <WithNovel novel={novel}>
      <TypeEntitiesPage />
    </WithNovel>,
    { url, path: '/novels/:novelId/types/:typeName' },
  );
  const requests = () =>
    calls.filter((c) => c.path.includes('/entities?')).map((c) => Object.fromEntries(new URL(c.path, 'http://test').searchParams));
  return { requests };
}

/** Waits for the count line without printing hundreds of cards on every retry. */
async function countSays(text: string) {
  await waitFor(() => expect(document.querySelector('.result-count')).toHaveTextContent(text), { timeout: 4000 });
}

const cards = () => screen.getByRole('list', { name: 'Magic spell' }).querySelectorAll(':scope > li');

describe('TypeEntitiesPage', () => {
  it('loads the entities of the type a page at a time, the header counting them all', async () => {
    const user = userEvent.setup();
    const { requests } = setup();
    expect(await screen.findByText('230 entries known by chapter 12.')).toBeInTheDocument();
    expect(screen.getByText('Named spells and charms.')).toBeInTheDocument();
    expect(cards()).toHaveLength(ENTITY_PAGE);
    expect(screen.getByText(`Showing ${ENTITY_PAGE} of 230`)).toBeInTheDocument();
    expect(screen.queryByText('Spell no. 200')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Load more entries (${ENTITY_PAGE} of 230 shown)` }));
    await countSays('Showing all 230');
    // Appended after the first page, in the server's order, and focus moves to the first new card.
    expect(cards()).toHaveLength(230);
    expect(cards()[0]).toHaveTextContent('Spell no. 0');
    expect(cards()[200]).toHaveTextContent('Spell no. 200');
    expect(screen.getByText('Spell no. 200').closest('a')).toHaveFocus();
    expect(screen.queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
    expect(requests()).toEqual([
      { cap: '12', type: 'magic_spell', limit: String(ENTITY_PAGE), offset: '0' },
      { cap: '12', type: 'magic_spell', limit: String(ENTITY_PAGE), offset: String(ENTITY_PAGE) },
    ]);
  }, 15_000); // two pages of cards to draw in jsdom

  it('sends the filter to the server as q and keeps it in the URL', async () => {
    const user = userEvent.setup();
    const { requests } = setup();
    await countSays(`Showing ${ENTITY_PAGE} of 230`);
    await user.type(screen.getByRole('searchbox', { name: 'Search magic spell' }), 'lumen');
    await countSays('1 match for “lumen”');
    expect(cards()).toHaveLength(1);
    expect(within(screen.getByRole('list', { name: 'Magic spell' })).getByRole('link', { name: 'Light of Ages' })).toBeInTheDocument();
    expect(currentUrl().searchParams.get('q')).toBe('lumen');
    expect(currentUrl().searchParams.get('cap')).toBe('12');
    // Debounced: one request for the whole word, from the first page; the header stops counting all.
    expect(requests().filter((r) => r.q !== undefined)).toEqual([
      { cap: '12', type: 'magic_spell', limit: String(ENTITY_PAGE), offset: '0', q: 'lumen' },
    ]);
    expect(screen.queryByText('230 entries known by chapter 12.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
  });

  it('reads the filter from a shared link, says when nothing matches and clears it', async () => {
    const user = userEvent.setup();
    const { requests } = setup(`/novels/${novel.id}/types/magic_spell?cap=12&q=ward`);
    expect(await screen.findByRole('searchbox', { name: 'Search magic spell' })).toHaveValue('ward');
    await countSays('23 matches for “ward”');
    expect(requests()[0]).toMatchObject({ q: 'ward', offset: '0', type: 'magic_spell' });
    await user.clear(screen.getByRole('searchbox', { name: 'Search magic spell' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search magic spell' }), 'zzz');
    await countSays('0 matches for “zzz”');
    expect(screen.getByText('No match')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all entries' }));
    await countSays(`Showing ${ENTITY_PAGE} of 230`);
    expect(currentUrl().searchParams.has('q')).toBe(false);
  });

  it('explains an empty type at the cap', async () => {
    mockApi((_request, url) =>
      url.pathname.endsWith('/types') ? json(typesPage) : json({ items: [], total: 0, limit: ENTITY_PAGE, offset: 0 }),
    );
    renderWithRouter(
      <WithNovel novel={novel}>
        <TypeEntitiesPage />
      </WithNovel>,
      { url: `/novels/${novel.id}/types/magic_spell?cap=1`, path: '/novels/:novelId/types/:typeName' },
    );
    expect(await screen.findByText('No magic spell yet at chapter 1')).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });
});
