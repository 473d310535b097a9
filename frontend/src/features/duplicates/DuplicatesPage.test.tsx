import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DuplicatePair } from '../../api/types';
import { json, makeNovel, mockApi, renderWithRouter, WithNovel } from '../../test/render';
import { DuplicatesPage } from './DuplicatesPage';

const novel = makeNovel({ latest_chapter: 12, chapter_count: 12 });
const side = (id: string, name: string, mentions: number) => ({ id, name, type: 'character', aliases: [], first_chapter: 5, mention_count: mentions });
const pair: DuplicatePair = {
  keep: side('charlotte', 'Charlotte', 27),
  merge: side('charlotte-lucas', 'Charlotte Lucas', 3),
  score: 0.9,
  reason: "partial name 'Charlotte' / 'Charlotte Lucas'",
  same_type: true,
};

describe('DuplicatesPage', () => {
  it('merges only after confirmation, in the direction chosen, and reports the result', async () => {
    const user = userEvent.setup();
    const calls = mockApi((request) =>
      request.method === 'POST'
        ? json({
            entity: { ...side('charlotte-lucas', 'Charlotte Lucas', 30), description: null, appearances: [], mentions: [] },
            repointed: { entity_mentions: 27, events: 4 },
          })
        : json([pair]),
    );
    renderWithRouter(
      <WithNovel novel={novel}>
        <DuplicatesPage />
      </WithNovel>,
      { url: `/novels/${novel.id}/duplicates?cap=12` },
    );
    await user.click(await screen.findByRole('button', { name: 'Merge “Charlotte Lucas” and “Charlotte”' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Merge these two entries?' });
    await user.click(within(dialog).getByRole('radio', { name: /Keep “Charlotte Lucas”/ }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Merge into “Charlotte Lucas”' }));
    expect(await screen.findByText(/Merged “Charlotte” into/)).toBeInTheDocument();
    expect(screen.getByText(/31 references moved/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: `/api/novels/${novel.id}/merge?cap=12`, body: { source_id: 'charlotte', target_id: 'charlotte-lucas' } },
    ]);
  });
});
