import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUrl, json, makeNovel, mockApi, renderWithRouter } from '../../test/render';
import { NewNovelForm } from './NewNovelForm';

describe('NewNovelForm', () => {
  it('asks for a title inline and sends nothing without one', async () => {
    const calls = mockApi(() => json(makeNovel(), 201));
    const user = userEvent.setup();
    renderWithRouter(<NewNovelForm />);
    await user.click(screen.getByRole('button', { name: 'Create novel' }));
    expect(screen.getByText('Give the novel a title.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Title/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Title/)).toHaveFocus();
    expect(calls).toHaveLength(0);
    await user.type(screen.getByLabelText(/Title/), 'Emma');
    expect(screen.queryByText('Give the novel a title.')).not.toBeInTheDocument();
  });

  it('creates the novel and opens its Process page', async () => {
    const novel = makeNovel({ title: 'Emma', author: null, chapter_count: 0, latest_chapter: 0 });
    const calls = mockApi(() => json(novel, 201));
    const user = userEvent.setup();
    renderWithRouter(<NewNovelForm />);
    await user.type(screen.getByLabelText(/Title/), '  Emma ');
    await user.click(screen.getByRole('button', { name: 'Create novel' }));
    await waitFor(() => expect(currentUrl().pathname).toBe(`/novels/${novel.id}/process`));
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/novels', body: { title: 'Emma', author: null } });
  });
});
