import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CanonFact } from '../../api/types';
import { currentUrl, json, makeNovel, mockApi, renderWithRouter, WithNovel } from '../../test/render';
import { CanonPage } from './CanonPage';
import { CANON_PAGE } from './queries';

const novel = makeNovel({ latest_chapter: 12, chapter_count: 12 });
const lizzy = { id: '33333333-3333-3333-3333-333333333333', name: 'Lizzy', type: 'character' };

const eyes: CanonFact = {
  id: 9,
  chapter: 6,
  kind: 'appearance',
  subject: 'Lizzy',
  subject_entity: lizzy,
  predicate: 'eye_colour',
  value: 'dark',
  confidence: 0.8,
  locked: false,
  edited: false,
  current: true,
  evidence_quote: 'her dark eyes',
};
const age: CanonFact = { ...eyes, id: 24, chapter: 9, subject: 'Lydia', subject_entity: null, predicate: 'age', value: '15', evidence_quote: 'a girl of fifteen' };

/** The canon route as the server answers it: `q`, `locked`, `current`, `limit` and `offset`. */
function answer(facts: CanonFact[], url: URL): Response {
  const params = url.searchParams;
  const q = params.get('q')?.toLowerCase();
  const limit = Number(params.get('limit') ?? 200);
  const offset = Number(params.get('offset') ?? 0);
  const matches = facts.filter(
    (f) =>
      (params.get('locked') !== 'true' || f.locked) &&
      (params.get('current') !== 'true' || f.current || f.locked) &&
      (!q || [f.subject, f.predicate.replace(/_/g, ' '), f.value].some((text) => text.toLowerCase().includes(q))),
  );
  return json({ items: matches.slice(offset, offset + limit), total: matches.length, limit, offset });
}

function setup(initial: CanonFact[] = [eyes, age], url = `/novels/${novel.id}/canon?cap=12`) {
  let facts = initial;
  const calls = mockApi(async (request, url) => {
    const match = /\/canon\/(\d+)(\/(lock|unlock))?$/.exec(url.pathname);
    if (request.method === 'GET') return answer(facts, url);
    if (!match) return undefined;
    const id = Number(match[1]);
    const body = request.method === 'PATCH' ? ((await request.clone().json()) as { value: string }) : null;
    facts = facts.map((f) =>
      f.id !== id ? f : match[3] ? { ...f, locked: match[3] === 'lock' } : { ...f, value: body?.value ?? f.value, edited: true },
    );
    return json(facts.find((f) => f.id === id));
  });
  renderWithRouter(
    <WithNovel novel={novel}>
      <CanonPage />
    </WithNovel>,
    { url, path: '/novels/:novelId/canon' },
  );
  return calls;
}

const listRequests = (calls: { method: string; path: string }[]) =>
  calls
    .filter((c) => c.method === 'GET' && new URL(c.path, 'http://test').searchParams.get('limit') !== '1')
    .map((c) => Object.fromEntries(new URL(c.path, 'http://test').searchParams));

// 230 facts about minor people, a page and a bit; each restates nothing.
const many: CanonFact[] = Array.from({ length: 230 }, (_, i) => ({
  ...age,
  id: 1000 + i,
  chapter: 1 + (i % 12),
  subject: `Person ${i}`,
  value: String(20 + (i % 50)),
}));

const changes = (calls: { method: string; path: string; body: unknown }[]) => calls.filter((c) => c.method !== 'GET');

describe('CanonPage', () => {
  it('groups facts by subject, linked to the entity at the cap', async () => {
    setup();
    const group = (await screen.findByRole('link', { name: 'Lizzy' })).closest('section');
    expect(screen.getByRole('link', { name: 'Lizzy' })).toHaveAttribute('href', `/novels/${novel.id}/entities/${lizzy.id}?cap=12`);
    expect(within(group as HTMLElement).getByText('dark')).toBeInTheDocument();
    expect(within(group as HTMLElement).getByText('her dark eyes')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Lydia/ })).toBeInTheDocument();
  });

  it('locks and unlocks a fact', async () => {
    const user = userEvent.setup();
    const calls = setup();
    await user.click(await screen.findByRole('button', { name: "Lock Lizzy's eye colour: dark" }));
    expect(await screen.findByRole('button', { name: "Unlock Lizzy's eye colour: dark" })).toBeInTheDocument();
    expect(screen.getByText('Locked')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "Unlock Lizzy's eye colour: dark" }));
    expect(await screen.findByRole('button', { name: "Lock Lizzy's eye colour: dark" })).toBeInTheDocument();
    expect(changes(calls).map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST /api/novels/${novel.id}/canon/9/lock?cap=12`,
      `POST /api/novels/${novel.id}/canon/9/unlock?cap=12`,
    ]);
  });

  it('validates the inline edit before sending the new value', async () => {
    const user = userEvent.setup();
    const calls = setup();
    await user.click(await screen.findByRole('button', { name: "Edit Lizzy's eye colour: dark" }));
    const input = screen.getByRole('textbox', { name: 'Lizzy’s eye colour' });
    expect(input).toHaveValue('dark');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('This is already the value. Change it, or cancel.')).toBeInTheDocument();
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Enter a value, or cancel to keep the current one.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(changes(calls)).toHaveLength(0);
    await user.type(input, '  hazel  ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Edited by the author')).toBeInTheDocument();
    expect(screen.getByText('hazel')).toBeInTheDocument();
    expect(changes(calls)).toEqual([{ method: 'PATCH', path: `/api/novels/${novel.id}/canon/9?cap=12`, body: { value: 'hazel' } }]);
  });

  it('filters to locked facts and explains when none is locked', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Locked only' }));
    expect(screen.getByText('No fact matches')).toBeInTheDocument();
    expect(screen.getByText(/No fact is locked yet/)).toBeInTheDocument();
  });

  it('loads more facts until the last page and counts them', async () => {
    const user = userEvent.setup();
    const calls = setup(many);
    expect(await screen.findByText('Showing 200 of 230 facts')).toBeInTheDocument();
    expect(await screen.findByText(/230 facts, 0 locked\./)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Person 229/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more facts (200 of 230 shown)' }));
    expect(await screen.findByRole('heading', { name: /Person 229/ })).toBeInTheDocument();
    expect(screen.getByText('Showing 230 facts')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
    expect(listRequests(calls).map((r) => [r.offset, r.limit, r.current])).toEqual([
      ['0', String(CANON_PAGE), 'true'],
      [String(CANON_PAGE), String(CANON_PAGE), 'true'],
    ]);
  }, 15_000); // two pages of facts to draw in jsdom

  it('asks the server for the typed filter, from the first page, and keeps it in the URL', async () => {
    const user = userEvent.setup();
    const calls = setup([...many, eyes]);
    await user.click(await screen.findByRole('button', { name: 'Load more facts (200 of 231 shown)' }));
    await screen.findByText('Showing 231 facts');
    await user.type(screen.getByRole('searchbox', { name: 'Filter canon facts' }), 'eye colour');
    // Waits on the count line alone: a failed text query prints the whole (long) page each retry.
    await waitFor(() => expect(document.querySelector('.result-count')).toHaveTextContent('Showing 1 fact'), { timeout: 4000 });
    expect(screen.getByRole('link', { name: 'Lizzy' })).toBeInTheDocument();
    expect(currentUrl().searchParams.get('q')).toBe('eye colour');
    expect(currentUrl().searchParams.get('cap')).toBe('12');
    expect(listRequests(calls).filter((r) => r.q !== undefined)).toEqual([
      { cap: '12', limit: String(CANON_PAGE), offset: '0', current: 'true', q: 'eye colour' },
    ]);
  }, 15_000);

  it('says when no fact matches the filter and clears it', async () => {
    const user = userEvent.setup();
    setup([eyes, age], `/novels/${novel.id}/canon?cap=12&q=wings`);
    expect(await screen.findByText('No fact matches')).toBeInTheDocument();
    expect(screen.getByText('No fact by chapter 12 has “wings” in its subject, fact or value.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Filter canon facts' })).toHaveValue('wings');
    await user.click(screen.getByRole('button', { name: 'Clear the filter' }));
    expect(await screen.findByRole('link', { name: 'Lizzy' })).toBeInTheDocument();
    expect(currentUrl().searchParams.has('q')).toBe(false);
  });

  it('hides facts restated later unless asked, on the server', async () => {
    const user = userEvent.setup();
    const calls = setup([{ ...eyes, current: false }, { ...eyes, id: 10, chapter: 11, value: 'hazel' }]);
    expect(await screen.findByText('hazel')).toBeInTheDocument();
    expect(screen.queryByText('dark')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Show facts restated later' }));
    expect(await screen.findByText('dark')).toBeInTheDocument();
    expect(listRequests(calls).at(-1)?.current).toBeUndefined();
  });
});
