import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EntityDetail } from '../../api/types';
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
    mockApi(() => json(darcy));
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
  });

  it('shows other errors in plain words', async () => {
    mockApi(() => json({ detail: 'The database is not reachable.' }, 503));
    renderEntity(5);
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is not reachable.');
  });
});
