import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EntitySummary } from '../../api/types';
import { currentUrl, json, makeNovel, mockApi, renderWithRouter, WithNovel } from '../../test/render';
import { EntityListPage } from './EntityListPage';
import { ENTITY_PAGE } from './queries';

const novel = makeNovel({ latest_chapter: 12, chapter_count: 12 });

// 260 characters, most mentioned first; every tenth is a Finch, and one is only "Addy" by alias.
const characters: EntitySummary[] = Array.from({ length: 260 }, (_, i) => ({
  id: `00000000-0000-0000-0000-${String(i).padStart(12, '0')}`,
  name: i === 7 ? 'Ada Quill' : i % 10 === 3 ? `Finch no. ${i}` : `Person no. ${i}`,
  type: 'character',
  aliases: i === 7 ? ['Addy'] : [],
  first_chapter: 1 + (i % 12),
  mention_count: 1000 - i,
}));

function setup(url = `/novels/${novel.id}/characters?cap=12`) {
  const calls = mockApi((request, url) => {
    if (request.method !== 'GET' || !url.pathname.endsWith('/characters')) return undefined;
    const limit = Number(url.searchParams.get('limit'));
    const offset = Number(url.searchParams.get('offset'));
    const q = url.searchParams.get('q')?.toLowerCase();
    const matches = q ? characters.filter((c) => [c.name, ...c.aliases].some((n) => n.toLowerCase().includes(q))) : characters;
    return json({ items: matches.slice(offset, offset + limit), total: matches.length, limit, offset });
  });
  renderWithRouter(
    <WithNovel novel={novel}>
      <EntityListPage kind="characters" />
    </WithNovel>,
    { url, path: '/novels/:novelId/characters' },
  );
  const requests = () =>
    calls
      .filter((c) => c.path.includes('/characters?'))
      .map((c) => Object.fromEntries(new URL(c.path, 'http://test').searchParams));
  return { requests };
}

// Counted by selector: role queries over hundreds of cards are slow in jsdom.
/**
 * Waits for the count line. A failed `findByText` prints the whole DOM on every retry, which with
 * hundreds of cards takes seconds in jsdom; this one prints only the line.
 */
async function countSays(text: string) {
  await waitFor(() => expect(document.querySelector('.result-count')).toHaveTextContent(text), { timeout: 4000 });
}

const cards = () => screen.getByRole('list', { name: 'Characters' }).querySelectorAll(':scope > li');

describe('EntityListPage', () => {
  it('loads the list a page at a time until the last one', async () => {
    const user = userEvent.setup();
    const { requests } = setup();
    expect(await screen.findByText('260 characters known by chapter 12.')).toBeInTheDocument();
    expect(cards()).toHaveLength(200);
    expect(screen.getByText('Showing 200 of 260')).toBeInTheDocument();
    expect(screen.queryByText('Person no. 200')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more characters (200 of 260 shown)' }));
    await countSays('Showing all 260');
    expect(cards()).toHaveLength(260);
    // Focus moves to the first card of the new page, so the keyboard carries on from there.
    expect(screen.getByText('Person no. 200').closest('a')).toHaveFocus();
    expect(screen.getByText('Person no. 259')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
    expect(requests().map((r) => r.offset)).toEqual(['0', String(ENTITY_PAGE)]);
    expect(requests().every((r) => r.cap === '12' && r.limit === String(ENTITY_PAGE) && r.q === undefined)).toBe(true);
  });

  it('sends the filter to the server, keeps it in the URL and starts paging again', async () => {
    const user = userEvent.setup();
    const { requests } = setup();
    await user.click(await screen.findByRole('button', { name: 'Load more characters (200 of 260 shown)' }));
    await countSays('Showing all 260');
    await user.type(screen.getByRole('searchbox', { name: 'Search characters' }), 'addy');
    await countSays('1 match for “addy”');
    expect(cards()).toHaveLength(1);
    expect(within(screen.getByRole('list', { name: 'Characters' })).getByRole('link', { name: 'Ada Quill' })).toBeInTheDocument();
    expect(currentUrl().searchParams.get('q')).toBe('addy');
    expect(currentUrl().searchParams.get('cap')).toBe('12');
    // Debounced: one request for the whole word, from the first page.
    const filtered = requests().filter((r) => r.q !== undefined);
    expect(filtered).toEqual([{ cap: '12', sort: 'mentions', limit: String(ENTITY_PAGE), offset: '0', q: 'addy' }]);
    expect(screen.queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
  }, 15_000); // two pages of cards to draw in jsdom

  it('reads the filter from a shared link and pages through the matches', async () => {
    const user = userEvent.setup();
    const { requests } = setup(`/novels/${novel.id}/characters?cap=12&q=finch`);
    expect(await screen.findByRole('searchbox', { name: 'Search characters' })).toHaveValue('finch');
    expect(await screen.findByText('26 matches for “finch”')).toBeInTheDocument();
    expect(requests()[0]).toMatchObject({ q: 'finch', offset: '0' });
    expect(screen.queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'name');
    await waitFor(() => expect(requests().at(-1)).toMatchObject({ q: 'finch', sort: 'name', offset: '0' }));
    await countSays('26 matches for “finch”');
  });

  it('says so when nothing matches, and clears the filter', async () => {
    const user = userEvent.setup();
    const { requests } = setup();
    await user.type(await screen.findByRole('searchbox', { name: 'Search characters' }), 'zzz');
    await countSays('0 matches for “zzz”');
    expect(screen.getByText('No match')).toBeInTheDocument();
    expect(screen.getByText('No character known by chapter 12 has a name or alias containing “zzz”.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all characters' }));
    await countSays('Showing 200 of 260');
    expect(screen.getByRole('searchbox', { name: 'Search characters' })).toHaveValue('');
    expect(currentUrl().searchParams.has('q')).toBe(false);
    expect(requests().filter((r) => r.q !== undefined).map((r) => r.q)).toEqual(['zzz']);
  });

  it('explains an empty list when nothing is known at the cap', async () => {
    mockApi(() => json({ items: [], total: 0, limit: ENTITY_PAGE, offset: 0 }));
    renderWithRouter(
      <WithNovel novel={novel}>
        <EntityListPage kind="characters" />
      </WithNovel>,
      { url: `/novels/${novel.id}/characters?cap=1`, path: '/novels/:novelId/characters' },
    );
    expect(await screen.findByText('No characters yet')).toBeInTheDocument();
  });
});
