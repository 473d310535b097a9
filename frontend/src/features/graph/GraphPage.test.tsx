import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Graph } from '../../api/types';
import { currentUrl, json, makeNovel, mockApi, renderWithRouter, WithNovel } from '../../test/render';
import { GraphPage } from './GraphPage';

const novel = makeNovel({ latest_chapter: 12, chapter_count: 12 });
const node = (id: string, name: string, type = 'character') => ({ id, name, type, first_chapter: 1 });
const edge = (source: string, target: string, kind: string, label: string, symmetric = false) => ({
  source,
  target,
  kind,
  label,
  symmetric,
  weight: 1,
  since: 3,
});

const relationships: Graph = {
  nodes: [node('jane', 'Jane'), node('lizzy', 'Lizzy'), node('bingley', 'Mr. Bingley'), node('collins', 'Mr. Collins')],
  edges: [edge('lizzy', 'jane', 'relationship', 'sister of', true), edge('bingley', 'jane', 'relationship', 'friend of')],
  total_nodes: 4,
  total_edges: 2,
};

function setup() {
  const calls = mockApi((_request, url) => (url.pathname.endsWith('/graph/relationships') ? json(relationships) : undefined));
  renderWithRouter(
    <WithNovel novel={novel}>
      <GraphPage />
    </WithNovel>,
    { url: `/novels/${novel.id}/graph?cap=5` },
  );
  return calls;
}

describe('GraphPage', () => {
  it('draws the tied characters at the cap and hides the loose ones until asked', async () => {
    const calls = setup();
    const graph = await screen.findByRole('group', { name: /Relationship graph at chapter 5: 3 nodes, 2 ties/ });
    expect(calls[0]?.path).toBe(`/api/novels/${novel.id}/graph/relationships?cap=5`);
    expect(within(graph).getByRole('link', { name: 'Jane' })).toBeInTheDocument();
    expect(within(graph).queryByRole('link', { name: 'Mr. Collins' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show 1 character without a tie shown' }));
    expect(within(graph).getByRole('link', { name: 'Mr. Collins' })).toBeInTheDocument();
  });

  it('filters ties by type', async () => {
    const user = userEvent.setup();
    setup();
    const graph = await screen.findByRole('group', { name: /Relationship graph/ });
    await user.click(screen.getByRole('button', { name: /friend of/ }));
    expect(screen.getByRole('button', { name: /friend of/ })).toHaveAttribute('aria-pressed', 'false');
    expect(within(graph).queryByRole('link', { name: 'Mr. Bingley' })).not.toBeInTheDocument();
    expect(within(graph).getByText('sister of')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: /1 tie/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /sister of/ }));
    expect(screen.getByText('Every tie is filtered out')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show every tie' }));
    expect(screen.getByRole('group', { name: /2 ties/ })).toBeInTheDocument();
  });

  it('opens the entity page with the cap when a node is clicked', async () => {
    setup();
    const graph = await screen.findByRole('group', { name: /Relationship graph/ });
    fireEvent.click(within(graph).getByRole('link', { name: 'Lizzy' }));
    expect(currentUrl().pathname).toBe(`/novels/${novel.id}/entities/lizzy`);
    expect(currentUrl().searchParams.get('cap')).toBe('5');
  });

  it('opens it from the keyboard too', async () => {
    const user = userEvent.setup();
    setup();
    const graph = await screen.findByRole('group', { name: /Relationship graph/ });
    within(graph).getByRole('link', { name: 'Mr. Bingley' }).focus();
    await user.keyboard('{Enter}');
    expect(currentUrl().pathname).toBe(`/novels/${novel.id}/entities/bingley`);
  });

  it('lists the ties as a table too', async () => {
    setup();
    await screen.findByRole('group', { name: /Relationship graph/ });
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('link', { name: 'Mr. Bingley' })).toHaveAttribute('href', `/novels/${novel.id}/entities/bingley?cap=5`);
  });
});
