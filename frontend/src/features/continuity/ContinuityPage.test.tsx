import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Critique } from '../../api/types';
import { json, makeNovel, mockApi, renderWithRouter, WithNovel } from '../../test/render';
import { ContinuityPage } from './ContinuityPage';
import { CRITIQUES_PAGE } from './queries';

const novel = makeNovel({ latest_chapter: 80, chapter_count: 80 });

// 80 chapters judged, newest first; every tenth has a FAIL finding.
const critiques: Critique[] = Array.from({ length: 80 }, (_, i) => {
  const chapter = 80 - i;
  return {
    id: chapter,
    chapter,
    status: 'ok',
    verdict: chapter % 10 === 0 ? 'fail' : 'pass',
    policy: 'warn',
    critic: 'offline-critic',
    error: null,
    created_at: '2026-11-30T10:00:00Z',
    findings:
      chapter % 10 === 0
        ? [{ id: chapter, check_name: 'entity.dead_actor', severity: 'FAIL', message: `The dead speak in chapter ${chapter}`, draft_start: 0, draft_end: 5, draft_quote: 'said', evidence_chapter: 1, evidence_quote: 'died', entities: [] }]
        : [],
  };
});

function setup() {
  return mockApi(async (request, url) => {
    if (request.method !== 'GET') return undefined;
    if (url.pathname.endsWith('/flags')) return json([]);
    if (!url.pathname.endsWith('/critiques')) return undefined;
    const cap = Number(url.searchParams.get('cap'));
    const problems = url.searchParams.get('problems') === 'true';
    const limit = Number(url.searchParams.get('limit'));
    const offset = Number(url.searchParams.get('offset'));
    const rows = critiques.filter((c) => c.chapter <= cap && (!problems || c.findings.length > 0));
    return json({ items: rows.slice(offset, offset + limit), total: rows.length, limit, offset });
  });
}

function render(cap: number) {
  renderWithRouter(
    <WithNovel novel={novel}>
      <ContinuityPage />
    </WithNovel>,
    { url: `/novels/${novel.id}/continuity?cap=${cap}`, path: '/novels/:novelId/continuity' },
  );
}

describe('ContinuityPage critiques', () => {
  it('asks the list route for the chapters with findings, then pages through all of them', async () => {
    const calls = setup();
    render(80);
    expect(await screen.findByText('80 chapters judged, 8 chapters with findings.')).toBeInTheDocument();
    expect(await screen.findByText('The dead speak in chapter 80')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Chapter 79' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Load more critiques/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Only chapters with findings' }));
    expect(await screen.findByRole('link', { name: 'Chapter 79' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Chapter 30' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: `Load more critiques (${CRITIQUES_PAGE} of 80 shown)` }));
    expect(await screen.findByRole('link', { name: 'Chapter 2' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Load more critiques/ })).not.toBeInTheDocument();
    // One request per page, never one per chapter.
    expect(calls.filter((c) => c.path.includes('/chapters/')).length).toBe(0);
  });

  it('never asks beyond the cap', async () => {
    const calls = setup();
    render(12);
    expect(await screen.findByText('12 chapters judged, 1 chapter with findings.')).toBeInTheDocument();
    expect(await screen.findByText('The dead speak in chapter 10')).toBeInTheDocument();
    const caps = calls.filter((c) => c.path.includes('/critiques?')).map((c) => new URL(c.path, 'http://test').searchParams.get('cap'));
    expect(caps.length).toBeGreaterThan(0);
    expect(new Set(caps)).toEqual(new Set(['12']));
  });
});
