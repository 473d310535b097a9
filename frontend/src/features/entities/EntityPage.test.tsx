import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EntityDetail, EntityState } from '../../api/types';
import { json, makeNovel, mockApi, renderWithRouter, WithNovel } from '../../test/render';
import { EntityPage } from './EntityPage';

const novel = makeNovel({ latest_chapter: 5, chapter_count: 5 });
const darcyId = '22222222-2222-2222-2222-222222222222';

const darcy: EntityDetail = {
  id: darcyId,
  name: 'Mr. Darcy',
  type: 'character',
  aliases: ['Darcy', 'Fitzwilliam Darcy'],
  first_chapter: 3,
  mention_count: 6,
  narrates: [],
  description: 'A friend of Mr. Bingley.',
  appearances: [
    { chapter: 3, mentions: 4 },
    { chapter: 5, mentions: 2 },
  ],
  mentions: [
    // Darcy twice in the context: the offsets pick the second one.
    { chapter: 3, start: 1030, end: 1035, text: 'Darcy', context: 'Darcy! “Come, Darcy,” said he,\n“I must have you dance.”', context_start: 1016 },
    { chapter: 5, start: 16, end: 24, text: '<b>x</b>', context: 'A sentence with <b>x</b> in it.', context_start: 0 },
  ],
};

const lizzy = { id: '33333333-3333-3333-3333-333333333333', name: 'Elizabeth Bennet', type: 'character' };
const pemberley = { id: '44444444-4444-4444-4444-444444444444', name: 'Pemberley', type: 'location' };
const letter = { id: '55555555-5555-5555-5555-555555555555', name: 'the letter', type: 'object' };
const london = { id: '66666666-6666-6666-6666-666666666666', name: 'London', type: 'location' };

const darcyState: EntityState = {
  entity: { id: darcyId, name: 'Mr. Darcy', type: 'character' },
  aliases: ['Darcy'],
  description: null,
  first_chapter: 3,
  location: { entity: london, since: 4 },
  home: { entity: pemberley, since: 3 },
  holdings: [{ entity: letter, since: 5 }],
  holder: null,
  occupants: [],
  status: null,
  knowledge: [{ fact: 'Wickham lied', chapter: 5, certainty: 1, how: 'told', source: lizzy, evidence_quote: 'she told him' }],
  relationships: [
    {
      id: 1,
      type: 'friend_of',
      label: 'friend of',
      symmetric: true,
      source: { id: darcyId, name: 'Mr. Darcy', type: 'character' },
      target: lizzy,
      from_chapter: 4,
      evidence_quote: 'her friend',
      tone: 'warm',
      tension: 0.1,
    },
  ],
  canon: [
    {
      id: 9,
      chapter: 3,
      kind: 'appearance',
      subject: 'Mr. Darcy',
      subject_entity: { id: darcyId, name: 'Mr. Darcy', type: 'character' },
      predicate: 'height',
      value: 'tall',
      confidence: 0.8,
      locked: true,
      edited: false,
      current: true,
      evidence_quote: 'tall person',
    },
  ],
};

function renderEntity(cap: number) {
  return renderWithRouter(
    <WithNovel novel={novel}>
      <EntityPage />
    </WithNovel>,
    { url: `/novels/${novel.id}/entities/${darcyId}?cap=${cap}`, path: '/novels/:novelId/entities/:entityId' },
  );
}

describe('EntityPage', () => {
  it('answers a 404 at the cap with "not yet in the story", never the raw error', async () => {
    const calls = mockApi(() => json({ detail: 'Entity not found at this cap.' }, 404));
    renderEntity(2);
    expect(await screen.findByRole('heading', { name: 'Not yet in the story at chapter 2' })).toBeInTheDocument();
    expect(screen.queryByText(/Entity not found/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls[0]?.path).toBe(`/api/novels/${novel.id}/entities/${darcyId}?cap=2`);
    expect(screen.getByRole('link', { name: 'Back to the characters' })).toHaveAttribute(
      'href',
      `/novels/${novel.id}/characters?cap=2`,
    );
  });

  it('shows the infobox, the chart and the mentions, with the mention marked as text', async () => {
    mockApi((_request, url) => json(url.pathname.endsWith('/state') ? darcyState : darcy));
    const { container } = renderEntity(5);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mr. Darcy' })).toBeInTheDocument();
    expect(screen.getByText('Fitzwilliam Darcy')).toBeInTheDocument();
    expect(screen.getByText('6 mentions in 2 chapters')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /6 mentions across chapters 1 to 5/ })).toBeInTheDocument();
    const marks = container.querySelectorAll('mark');
    expect(marks[0]).toHaveTextContent('Darcy');
    expect(marks[0]?.previousSibling?.textContent).toBe('Darcy! “Come, ');
    // Chapter text is untrusted: markup in it shows as characters, never as elements.
    expect(marks[1]).toHaveTextContent('<b>x</b>');
    expect(container.querySelector('.mention b')).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Chapter 3' })[0]).toHaveAttribute('href', `/novels/${novel.id}/chapters/3?cap=5`);
    expect(screen.queryByText('Tells the story')).not.toBeInTheDocument(); // Darcy tells no chapter
  });

  it('says which chapters a first-person narrator tells', async () => {
    const jim = { ...darcy, name: 'Jim', aliases: [], narrates: [3, 4, 5, 9] };
    mockApi((_request, url) => json(url.pathname.endsWith('/state') ? darcyState : jim));
    renderEntity(9);
    expect(await screen.findByText('Tells the story')).toBeInTheDocument();
    const told = screen.getByText((_content, element) => element?.tagName === 'DD' && element.textContent === 'In the first person, chapters 3–5 and 9');
    expect(told).toBeInTheDocument();
  });

  it('shows the state at the cap: place, holdings, ties, knowledge and canon, each linked with the cap', async () => {
    const calls = mockApi((_request, url) => json(url.pathname.endsWith('/state') ? darcyState : darcy));
    renderEntity(5);
    expect(await screen.findByRole('heading', { name: 'Relationships in force' })).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toContain(`/api/novels/${novel.id}/entities/${darcyId}/state?cap=5`);
    const infobox = screen.getByRole('complementary', { name: 'About Mr. Darcy' });
    const where = within(infobox).getByText('Where').nextElementSibling;
    expect(where).toHaveTextContent('London since chapter 4');
    const home = within(infobox).getByText('Lives at').nextElementSibling;
    expect(home).toHaveTextContent('Pemberley since chapter 3');
    expect(infobox).toHaveTextContent('the letter');
    expect(screen.getAllByRole('link', { name: 'Elizabeth Bennet' })[0]).toHaveAttribute('href', `/novels/${novel.id}/entities/${lizzy.id}?cap=5`);
    expect(screen.getByText('friend of')).toBeInTheDocument();
    expect(screen.getByText('Wickham lied')).toBeInTheDocument();
    expect(screen.getByText('tall')).toBeInTheDocument();
    expect(screen.getByText('Locked')).toBeInTheDocument();
  });

  it('shows other errors in plain words', async () => {
    mockApi(() => json({ detail: 'The database is not reachable.' }, 503));
    renderEntity(5);
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is not reachable.');
  });
});
