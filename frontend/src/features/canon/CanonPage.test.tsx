import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CanonFact } from '../../api/types';
import { json, makeNovel, mockApi, renderWithRouter, WithNovel } from '../../test/render';
import { CanonPage } from './CanonPage';

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

function setup() {
  let facts = [eyes, age];
  const calls = mockApi(async (request, url) => {
    const match = /\/canon\/(\d+)(\/(lock|unlock))?$/.exec(url.pathname);
    if (request.method === 'GET') return json({ items: facts, total: facts.length, limit: 200, offset: 0 });
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
    { url: `/novels/${novel.id}/canon?cap=12`, path: '/novels/:novelId/canon' },
  );
  return calls;
}

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
});
