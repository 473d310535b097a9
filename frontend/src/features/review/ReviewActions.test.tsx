import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Job, SubmissionDetail } from '../../api/types';
import { json, makeNovel, mockApi, renderWithRouter, WithNovel } from '../../test/render';
import { SubmissionPage } from './SubmissionPage';

const novel = makeNovel({ latest_chapter: 15, chapter_count: 15 });
const sid = '99999999-9999-9999-9999-999999999999';
const jid = '77777777-7777-7777-7777-777777777777';
const text = 'Elizabeth looked up with her blue eyes and smiled at her sister.\n\n<script>alert(1)</script>';

const draft: SubmissionDetail = {
  id: sid,
  novel_id: novel.id,
  chapter_number: 16,
  title: null,
  status: 'pending_review',
  reason: 'fail',
  created_at: '2026-11-29T20:00:00Z',
  decided_at: null,
  accept_job: null,
  text,
  findings: [
    {
      check_name: 'canon',
      severity: 'FAIL',
      message: "Lizzy's eye_colour is locked as 'dark', the draft says 'blue'",
      draft_start: 25,
      draft_end: 38,
      draft_quote: 'her blue eyes',
      evidence_chapter: 6,
      evidence_quote: 'her dark eyes',
    },
  ],
};

function job(overrides: Partial<Job>): Job {
  return {
    id: jid,
    novel_id: novel.id,
    kind: 'chapter',
    chapter_number: 16,
    title: null,
    status: 'queued',
    progress: 0,
    stage: 'queued',
    error: null,
    attempts: 0,
    created_at: '2026-11-29T21:00:00Z',
    started_at: null,
    finished_at: null,
    ...overrides,
  };
}

/** The accept job's polls answer these states in turn, then keep answering the last one. */
function setup(states: Partial<Job>[] = [{ status: 'running', progress: 0.5, stage: 'extract: events' }, { status: 'done', progress: 1, stage: 'done' }]) {
  let current = draft;
  let polls = 0;
  const calls = mockApi((request, url) => {
    if (url.pathname === `/api/review/${sid}` && request.method === 'GET') return json(current);
    if (url.pathname === `/api/review/${sid}/accept`) {
      return json({ submission_id: sid, status: 'accepting', ingested: false, job_id: jid, result: {} }, 202);
    }
    if (url.pathname === `/api/jobs/${jid}`) {
      const state = job(states[Math.min(polls, states.length - 1)] ?? {});
      polls += 1;
      // The worker decides the draft in the transaction that writes the chapter.
      if (state.status === 'done') current = { ...draft, status: 'accepted', decided_at: '2026-11-29T21:00:00Z', accept_job: state };
      if (state.status === 'failed') current = { ...draft, accept_job: state };
      return json(state);
    }
    if (url.pathname === `/api/review/${sid}/reject`) {
      current = { ...draft, status: 'rejected', decided_at: '2026-11-29T21:00:00Z' };
      return json({ submission_id: sid, status: 'rejected', ingested: false, result: {} });
    }
    return undefined;
  });
  const view = renderWithRouter(
    <WithNovel novel={novel}>
      <SubmissionPage />
    </WithNovel>,
    { url: `/novels/${novel.id}/review/${sid}?cap=3`, path: '/novels/:novelId/review/:submissionId' },
  );
  return { calls, ...view };
}

const posts = (calls: { method: string; path: string; body: unknown }[]) => calls.filter((c) => c.method === 'POST');

describe('the review of a parked draft', () => {
  it('says it ignores the cap, highlights the quoted span and keeps markup as text', async () => {
    const { container } = setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Draft of chapter 16' })).toBeInTheDocument();
    expect(screen.getByText('Author page: not limited by the chapter slider')).toBeInTheDocument();
    const marks = container.querySelectorAll('.draft-text mark');
    expect(marks).toHaveLength(1);
    expect(marks[0]).toHaveTextContent('her blue eyes');
    expect(screen.getByLabelText('Draft text')).toHaveTextContent('<script>alert(1)</script>');
    expect(container.querySelector('.draft-text script')).toBeNull();
    // The draft quote beside the earlier evidence, linked to its chapter read as of itself.
    expect(screen.getByText('her dark eyes')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Chapter 6' })).toHaveAttribute('href', `/novels/${novel.id}/chapters/6?cap=6`);
  });

  it('accepts only after confirmation, with no text, then follows the job to the chapter', async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    await user.click(await screen.findByRole('button', { name: 'Accept as is…' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Accept the draft of chapter 16 despite its findings?' });
    expect(posts(calls)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Accept and write the chapter' }));
    // The request only queues the job: its progress shows while the worker writes the chapter.
    const bar = await screen.findByRole('progressbar', { name: 'Chapter 16 progress' });
    expect(await screen.findByText('Extracting people, places and facts (events)')).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText('Writing chapter 16…')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept as is…' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject…' })).not.toBeInTheDocument();
    expect(await screen.findByText('Accepted: chapter 16 is now part of the story.', undefined, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open chapter 16' })).toHaveAttribute('href', `/novels/${novel.id}/chapters/16?cap=16`);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(posts(calls)).toEqual([{ method: 'POST', path: `/api/review/${sid}/accept`, body: '' }]);
    expect(calls.filter((c) => c.path === `/api/jobs/${jid}`).length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('button', { name: 'Accept as is…' })).not.toBeInTheDocument();
  });

  it('shows why the job failed, that nothing was written, and lets the author try again', async () => {
    const user = userEvent.setup();
    const error = 'the draft was not accepted and nothing was written: the model returned invalid JSON for pass events';
    const { calls } = setup([{ status: 'failed', progress: 0.3, stage: 'failed', error }]);
    await user.click(await screen.findByRole('button', { name: 'Accept as is…' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Accept and write the chapter' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Accepting failed: nothing was written for chapter 16.');
    expect(alert).toHaveTextContent(error);
    expect(alert).toHaveTextContent('The draft is still waiting for review');
    expect(screen.queryByText(/is now part of the story/)).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Accept as is…' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Accept and write the chapter' }));
    expect(posts(calls)).toHaveLength(2);
  });

  it('opened while the draft is being accepted, shows the job instead of the actions', async () => {
    mockApi((_request, url) => {
      if (url.pathname === `/api/review/${sid}`) return json({ ...draft, accept_job: job({ status: 'running', progress: 0.8, stage: 'persist' }) });
      if (url.pathname === `/api/jobs/${jid}`) return json(job({ status: 'running', progress: 0.9, stage: 'materialize' }));
      return undefined;
    });
    renderWithRouter(
      <WithNovel novel={novel}>
        <SubmissionPage />
      </WithNovel>,
      { url: `/novels/${novel.id}/review/${sid}`, path: '/novels/:novelId/review/:submissionId' },
    );
    expect(await screen.findByText('Being accepted')).toBeInTheDocument();
    expect(await screen.findByText('Updating the world state')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Chapter 16 progress' })).toHaveAttribute('aria-valuenow', '90');
    expect(screen.queryByRole('button', { name: 'Accept as is…' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit, then accept' })).not.toBeInTheDocument();
  });

  it('edits then accepts with the edited text, refusing an unchanged or empty text', async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit, then accept' }));
    const box = screen.getByRole('textbox', { name: 'Edit the draft of chapter 16' });
    expect(box).toHaveValue(text);
    await user.click(screen.getByRole('button', { name: 'Accept edited draft…' }));
    expect(screen.getByText('The text is unchanged. Edit it, or use “Accept as is”.')).toBeInTheDocument();
    await user.clear(box);
    await user.click(screen.getByRole('button', { name: 'Accept edited draft…' }));
    expect(screen.getByText('The chapter cannot be empty. Write the text, or reject the draft.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.type(box, 'Elizabeth looked up with her dark eyes.');
    await user.click(screen.getByRole('button', { name: 'Accept edited draft…' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Accept the edited draft of chapter 16?' });
    expect(posts(calls)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Accept and write the chapter' }));
    expect(
      await screen.findByText('Accepted after your edit: chapter 16 is now part of the story.', undefined, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(posts(calls)).toEqual([
      { method: 'POST', path: `/api/review/${sid}/accept`, body: { text: 'Elizabeth looked up with her dark eyes.' } },
    ]);
  });

  it('rejects after confirmation; cancelling sends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    await user.click(await screen.findByRole('button', { name: 'Reject…' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reject…' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Reject…' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Reject the draft of chapter 16?' })).getByRole('button', { name: 'Reject draft' }));
    expect(await screen.findByText('Rejected: nothing was written for chapter 16.')).toBeInTheDocument();
    expect(posts(calls)).toEqual([{ method: 'POST', path: `/api/review/${sid}/reject`, body: '' }]);
  });

  it('keeps the dialog open with the reason when the server refuses', async () => {
    const user = userEvent.setup();
    mockApi((request, url) => {
      if (request.method === 'GET') return json(draft);
      if (url.pathname.endsWith('/reject')) return json({ detail: `draft submission ${sid} is already accepted` }, 409);
      return undefined;
    });
    renderWithRouter(
      <WithNovel novel={novel}>
        <SubmissionPage />
      </WithNovel>,
      { url: `/novels/${novel.id}/review/${sid}`, path: '/novels/:novelId/review/:submissionId' },
    );
    await user.click(await screen.findByRole('button', { name: 'Reject…' }));
    await user.click(screen.getByRole('button', { name: 'Reject draft' }));
    const dialog = screen.getByRole('alertdialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(`draft submission ${sid} is already accepted`);
  });
});
