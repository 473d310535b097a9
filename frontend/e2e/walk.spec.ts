import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { prideAndPrejudiceChapters } from './pride';

const here = dirname(fileURLToPath(import.meta.url));
const SHOTS = process.env.SCREENSHOT_DIR ?? resolve(here, '..', '..', 'docs', 'screenshots');
mkdirSync(SHOTS, { recursive: true });

const PHONE = { width: 390, height: 844 };

async function shoot(page: Page, name: string, fullPage = true) {
  // Let the layout settle (fonts, the chart's measured width) and start from the top.
  await page.evaluate(async () => {
    await document.fonts.ready;
    window.scrollTo(0, 0);
  });
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage });
}

/** For each entity card on a list page: its name, then its aliases. */
async function listedNames(page: Page): Promise<string[][]> {
  return page.locator('.entity-card').evaluateAll((cards) =>
    cards.map((card) => [
      card.querySelector('h2')?.textContent?.trim() ?? '',
      ...(card.querySelector('.entity-card__aliases:not(.entity-card__aliases--none)')?.textContent ?? '')
        .replace(/^Also known as:\s*/, '')
        .split(' · ')
        .map((alias) => alias.trim())
        .filter(Boolean),
    ]),
  );
}

/** Whether some card is called `pattern` by its name or one of its aliases (whole-name match). */
const hasName = (cards: string[][], pattern: RegExp) => cards.some((names) => names.some((name) => pattern.test(name)));

async function setCap(page: Page, chapter: number, of: number) {
  await page.getByRole('slider').fill(String(chapter));
  await expect(page).toHaveURL(new RegExp(`[?&]cap=${chapter}(&|$)`));
  await expect(page.getByText(`Reading as of chapter ${chapter} of ${of}`)).toBeVisible();
}

async function waitForJobs(page: Page, count: number) {
  const progress = page.getByRole('region', { name: 'Progress' });
  await expect(progress.getByRole('listitem')).toHaveCount(count);
  await expect
    .poll(
      async () => {
        const failed = await progress.locator('.job--failed').allTextContents();
        if (failed.length > 0) throw new Error(`A job failed: ${failed.join(' | ')}`);
        return progress.locator('.job--done').count();
      },
      { timeout: 8 * 60_000, intervals: [1000] },
    )
    .toBe(count);
}

async function phoneShots(browser: Browser, baseURL: string, pages: [string, string][]) {
  const context = await browser.newContext({ viewport: PHONE, baseURL, hasTouch: true });
  const page = await context.newPage();
  for (const [name, url] of pages) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    await shoot(page, `${name}-phone`);
  }
  // The sidebar is a drawer behind the menu button on a phone.
  const last = pages[pages.length - 1];
  if (last) await page.goto(last[1]);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('slider')).toBeVisible();
  await shoot(page, 'menu-phone', false);
  await context.close();
}

test('a reader follows Pride and Prejudice chapter by chapter without spoilers', async ({ page, browser, baseURL }) => {
  const chapters = prideAndPrejudiceChapters(3);

  await test.step('create the novel', async () => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Your novels', level: 1 })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    // The data directory is fresh, so the library starts empty (unless something else shares the server).
    if (await page.getByText('No novels yet').isVisible()) await shoot(page, 'novels-empty');
    await page.getByRole('button', { name: 'Create novel' }).click();
    await expect(page.getByText('Give the novel a title.')).toBeVisible();
    await page.getByLabel('Title').fill('Pride and Prejudice');
    await page.getByLabel('Author').fill('Jane Austen');
    await page.getByRole('button', { name: 'Create novel' }).click();
    await expect(page).toHaveURL(/\/novels\/[0-9a-f-]+\/process$/);
  });
  const novelPath = new URL(page.url()).pathname.replace(/\/process$/, '');

  await test.step('upload chapters 1 to 3 and wait for them', async () => {
    await expect(page.getByRole('heading', { name: 'Process chapters', level: 1 })).toBeVisible();
    await page.locator('input[type="file"]').setInputFiles(
      chapters.map((text, index) => ({
        name: `chapter-${String(index + 1).padStart(2, '0')}.txt`,
        mimeType: 'text/plain',
        buffer: Buffer.from(text, 'utf8'),
      })),
    );
    const submit = page.getByRole('button', { name: 'Process 3 chapters' });
    await expect(submit).toBeEnabled();
    await shoot(page, 'process');
    await submit.click();
    // A picture of the work in progress, if the worker is slow enough to be caught at it.
    const running = page.locator('.job--running');
    if (await running.first().waitFor({ timeout: 20_000 }).then(() => true, () => false)) await shoot(page, 'process-running');
    await waitForJobs(page, 3);
    await expect(page.getByText('Reading as of chapter 3 of 3')).toBeVisible();
    await shoot(page, 'process-done');
  });

  await test.step('chapter 1: the Bennets and Bingley, no Darcy', async () => {
    await page.getByRole('navigation', { name: 'Novel' }).getByRole('link', { name: 'Characters' }).click();
    await setCap(page, 1, 3);
    await expect(page.getByText(/known by chapter 1\./)).toBeVisible();
    const names = await listedNames(page);
    expect(hasName(names, /^(Mr\.? )?Bennet$/)).toBe(true);
    expect(hasName(names, /Bingley/)).toBe(true);
    expect(hasName(names, /Darcy/)).toBe(false);
    await shoot(page, 'characters-cap1');
  });

  await test.step('chapter 2: Mrs. Bennet', async () => {
    await setCap(page, 2, 3);
    await expect(page.getByText(/known by chapter 2\./)).toBeVisible();
    expect(hasName(await listedNames(page), /^Mrs\.? Bennet$/)).toBe(true);
  });

  await test.step('chapter 3: Darcy arrives', async () => {
    await setCap(page, 3, 3);
    await expect(page.getByText(/known by chapter 3\./)).toBeVisible();
    expect(hasName(await listedNames(page), /Darcy/)).toBe(true);
    await shoot(page, 'characters-cap3');
  });

  await test.step("Darcy's page, and the spoiler guard below chapter 3", async () => {
    await page.locator('.entity-card').filter({ hasText: 'Darcy' }).first().getByRole('link').click();
    await expect(page).toHaveURL(/\/entities\/[^/?]+\?cap=3$/);
    await expect(page.getByRole('heading', { level: 1, name: /Darcy/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Appearances by chapter' })).toBeVisible();
    await shoot(page, 'character-darcy');
    await setCap(page, 1, 3);
    await expect(page.getByRole('heading', { name: 'Not yet in the story at chapter 1' })).toBeVisible();
    await shoot(page, 'character-darcy-cap1');
    await setCap(page, 3, 3);
    await expect(page.getByRole('heading', { level: 1, name: /Darcy/ })).toBeVisible();
  });
  const darcyPath = new URL(page.url()).pathname;

  await test.step('chapters, a chapter, the novel home, locations', async () => {
    await page.getByRole('navigation', { name: 'Novel' }).getByRole('link', { name: 'Chapters' }).click();
    await expect(page.getByRole('heading', { name: 'Chapters', level: 1 })).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(4);
    await shoot(page, 'chapters');
    await page.getByRole('row').nth(1).getByRole('link').click();
    await expect(page).toHaveURL(/\/chapters\/1\?cap=3$/);
    await expect(
      page.getByRole('region', { name: 'Chapter text' }).getByText('It is a truth universally acknowledged', { exact: false }),
    ).toBeVisible();
    await shoot(page, 'chapter-1');
    await page.getByRole('navigation', { name: 'Novel' }).getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('heading', { name: 'Pride and Prejudice', level: 1 })).toBeVisible();
    await expect(page.getByText('Where you are: chapter 3')).toBeVisible();
    await shoot(page, 'novel-home');
    await page.getByRole('navigation', { name: 'Novel' }).getByRole('link', { name: 'Locations' }).click();
    await expect(page.getByRole('heading', { name: 'Locations', level: 1 })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    await shoot(page, 'locations');
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Pride and Prejudice', exact: true })).toBeVisible();
    await shoot(page, 'novels');
  });

  await test.step('dark theme', async () => {
    await page.goto(`${darcyPath}?cap=3`);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await shoot(page, 'character-darcy-dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
  });

  await test.step('phone width', async () => {
    await phoneShots(browser, baseURL ?? '', [
      ['novels', '/'],
      ['process', `${novelPath}/process`],
      ['characters-cap1', `${novelPath}/characters?cap=1`],
      ['character-darcy', `${darcyPath}?cap=3`],
      ['chapter-1', `${novelPath}/chapters/1?cap=3`],
      ['novel-home', `${novelPath}?cap=3`],
    ]);
  });
});
