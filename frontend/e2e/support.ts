import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';

const here = dirname(fileURLToPath(import.meta.url));
export const SHOTS = process.env.SCREENSHOT_DIR ?? resolve(here, '..', '..', 'docs', 'screenshots');
mkdirSync(SHOTS, { recursive: true });

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** A full-page screenshot once the page has settled (fonts, measured widths), from the top. */
export async function shoot(page: Page, name: string, fullPage = true) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    window.scrollTo(0, 0);
  });
  await page.waitForTimeout(250);
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage });
}

/** Waits until the page has its heading and nothing is loading any more. */
export async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // Only the page itself: the sidebar says "Processing…" while chapters are being read.
  await expect(page.locator('main').getByRole('status')).toHaveCount(0, { timeout: 30_000 });
}

export async function setCap(page: Page, chapter: number, of: number) {
  await page.getByRole('slider').fill(String(chapter));
  await expect(page).toHaveURL(new RegExp(`[?&]cap=${chapter}(&|$)`));
  await expect(page.getByText(`Reading as of chapter ${chapter} of ${of}`)).toBeVisible();
}

/** Waits until every submission on the Process page is done (at least `count` of them); fails fast on a failed job. */
export async function waitForSubmissions(page: Page, count: number, timeout = 8 * 60_000) {
  const progress = page.getByRole('region', { name: 'Progress' });
  await expect(progress.getByRole('listitem')).not.toHaveCount(0);
  await expect
    .poll(
      async () => {
        const failed = await progress.locator('.job--failed').allTextContents();
        if (failed.length > 0) throw new Error(`A job failed: ${failed.join(' | ')}`);
        const total = await progress.getByRole('listitem').count();
        const done = await progress.locator('.job--done').count();
        return total >= count && done === total;
      },
      { timeout, intervals: [1000] },
    )
    .toBe(true);
}

/** Polls the API until every job of the novel is done and every chapter indexed for search; fails at once on a failed job. */
export async function waitForNovelJobs(request: APIRequestContext, novelId: string, timeout = 6 * 60_000) {
  await expect
    .poll(
      async () => {
        const jobs = (await (await request.get(`/api/novels/${novelId}/jobs`)).json()) as { status: string; chapter_number: number; error: string | null }[];
        const failed = jobs.filter((job) => job.status === 'failed');
        if (failed.length > 0) throw new Error(`A job failed: ${failed.map((j) => `chapter ${j.chapter_number}: ${j.error}`).join(' | ')}`);
        if (jobs.length === 0 || !jobs.every((job) => job.status === 'done')) return false;
        const index = (await (await request.get(`/api/novels/${novelId}/search-index`)).json()) as { pending: number[] };
        return index.pending.length === 0;
      },
      { timeout, intervals: [1000] },
    )
    .toBe(true);
}

/** Every wiki link on the page keeps the reader's cap. */
export async function expectLinksKeepCap(page: Page, cap: number) {
  const hrefs = await page.locator('main a[href^="/novels/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  const pinned = /\/chapters\/(\d+)\?cap=\1$/;
  const keeps = new RegExp(`[?&]cap=${cap}(&|#|$)`);
  const stray = hrefs.filter((href) => !keeps.test(href) && !pinned.test(href));
  expect(stray, `links without cap=${cap}`).toEqual([]);
}

/** The chapter numbers named by "Chapter N" links in the main column. */
export async function linkedChapters(page: Page): Promise<number[]> {
  const hrefs = await page.locator('main a[href*="/chapters/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.map((href) => Number(/\/chapters\/(\d+)/.exec(href)?.[1] ?? 0));
}

/** Screenshots of the same pages at phone width, each named `<name>-phone.png`. */
export async function phoneShots(browser: Browser, baseURL: string, pages: [string, string][]) {
  const context = await browser.newContext({ viewport: PHONE, baseURL, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  for (const [name, url] of pages) {
    await page.goto(url);
    await settled(page);
    await shoot(page, `${name}-phone`);
  }
  await context.close();
}

/**
 * Parks agent drafts in the review queue through the write spine with policy "block" (what
 * the MCP save tool does), by running `park_drafts.py` against the server's database.
 */
export function parkDrafts(novelId: string, drafts: { number: number; text: string }[]): Promise<{ number: number; ingested: boolean; submission_id: string | null; reason: string | null }[]> {
  const python = process.env.CONTINUUM_PYTHON ?? resolve(here, '..', '..', '.venv', 'bin', 'python');
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'WARNING' };
  if (process.env.CONTINUUM_E2E_DATA_DIR) env.DATA_DIR = process.env.CONTINUUM_E2E_DATA_DIR;
  return new Promise((done, fail) => {
    const child = spawn(python, [join(here, 'park_drafts.py'), novelId, JSON.stringify(drafts)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => {
      if (code !== 0) return fail(new Error(`park_drafts.py exited with ${code}: ${err.slice(-2000)}`));
      const last = out.trim().split('\n').pop() ?? '[]';
      done(JSON.parse(last));
    });
  });
}
