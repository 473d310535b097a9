import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Submission } from '../../api/types';
import { json, makeNovel, mockApi, renderWithRouter, WithNovel } from '../../test/render';
import { ReviewQueuePage } from './ReviewQueuePage';

const novel = makeNovel({ latest_chapter: 15, chapter_count: 15 });

function draft(chapter: number, accept_job: Submission['accept_job']): Submission {
  return {
    id: `99999999-9999-9999-9999-0000000000${chapter}`,
    novel_id: novel.id,
    chapter_number: chapter,
    title: null,
    status: 'pending_review',
    reason: 'fail',
    created_at: '2026-11-29T20:00:00Z',
    decided_at: null,
    accept_job,
    findings: [],
  };
}

const acceptJob = (overrides: Partial<NonNullable<Submission['accept_job']>>) => ({
  id: '77777777-7777-7777-7777-777777777777',
  status: 'queued',
  progress: 0,
  stage: null,
  error: null,
  finished_at: null,
  ...overrides,
});

describe('the review queue', () => {
  it('shows which drafts are being accepted and which accept failed', async () => {
    mockApi((_request, url) => {
      if (url.pathname === `/api/novels/${novel.id}/review`) {
        return json([
          draft(16, acceptJob({ status: 'running', progress: 0.4, stage: 'extract: events' })),
          draft(17, acceptJob({ status: 'failed', error: 'the model returned invalid JSON' })),
          draft(18, null),
        ]);
      }
      return undefined;
    });
    renderWithRouter(
      <WithNovel novel={novel}>
        <ReviewQueuePage />
      </WithNovel>,
      { url: `/novels/${novel.id}/review`, path: '/novels/:novelId/review' },
    );
    const accepting = (await screen.findByRole('heading', { name: 'Draft of chapter 16' })).closest('article') as HTMLElement;
    expect(within(accepting).getByRole('progressbar', { name: 'Chapter 16 progress' })).toHaveAttribute('aria-valuenow', '40');
    expect(within(accepting).getByText('Being accepted: Extracting people, places and facts (events)')).toBeInTheDocument();
    const failed = screen.getByRole('heading', { name: 'Draft of chapter 17' }).closest('article') as HTMLElement;
    expect(within(failed).getByText(/The last attempt to accept it failed, nothing was written: the model returned invalid JSON/)).toBeInTheDocument();
    expect(within(failed).queryByRole('progressbar')).not.toBeInTheDocument();
    const waiting = screen.getByRole('heading', { name: 'Draft of chapter 18' }).closest('article') as HTMLElement;
    expect(within(waiting).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(waiting).queryByText(/accept/i)).toBeNull();
  });
});
