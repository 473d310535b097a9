import { expect, test } from '@playwright/test';
import { settled, shoot, waitForSubmissions } from './support';

/**
 * Chapter text is untrusted. A chapter full of markup must show as the characters it is
 * made of, on every page that quotes it, and nothing in it may run.
 */
const UNTRUSTED = [
  'CHAPTER I.',
  '',
  'Mr. Harold Vane opened the letter at Thornfield Hall and read it aloud to Miss Clara Dunn.',
  '',
  '“It says <script>alert(1)</script> and then <img src=x onerror=alert(2)> at the bottom,” said Mr. Vane.',
  '',
  'Miss Dunn laughed. “Someone wrote <script>window.__continuumXss = true</script> in the margin, and <img src=x onerror="window.__continuumImg = true">.”',
  '',
  'Mr. Vane folded the letter and gave it to Miss Dunn, who put it in her pocket and walked to the window.',
  '',
].join('\n');

test('markup in a chapter is shown as text and never runs', async ({ page }) => {
  test.setTimeout(4 * 60_000);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  await page.goto('/');
  await page.getByLabel('Title').fill('Untrusted text');
  await page.getByRole('button', { name: 'Create novel' }).click();
  await expect(page).toHaveURL(/\/novels\/[0-9a-f-]+\/process$/);
  const novelPath = new URL(page.url()).pathname.replace(/\/process$/, '');

  await page.getByLabel('Chapter text').fill(UNTRUSTED);
  await expect(page.getByRole('button', { name: 'Process chapter 1' })).toBeEnabled({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Process chapter 1' }).click();
  await waitForSubmissions(page, 1, 4 * 60_000);

  const pages = [
    `${novelPath}/chapters/1?cap=1`,
    `${novelPath}/search?q=script%20letter&mode=bm25&cap=1`,
    `${novelPath}/search?q=onerror&cap=1`,
    `${novelPath}/timeline?cap=1`,
    `${novelPath}/continuity?cap=1`,
    `${novelPath}/canon?cap=1`,
    `${novelPath}?cap=1`,
  ];
  for (const url of pages) {
    await page.goto(url);
    await settled(page);
    // No element was made from the text: no script or image in the page body besides the app's own.
    expect(await page.locator('main script, main img').count(), url).toBe(0);
    const flags = await page.evaluate(() => ({
      script: (window as unknown as Record<string, unknown>).__continuumXss,
      img: (window as unknown as Record<string, unknown>).__continuumImg,
    }));
    expect(flags, url).toEqual({ script: undefined, img: undefined });
  }

  await page.goto(`${novelPath}/chapters/1?cap=1`);
  await settled(page);
  const text = page.getByRole('region', { name: 'Chapter text' });
  await expect(text).toContainText('It says <script>alert(1)</script> and then <img src=x onerror=alert(2)> at the bottom');
  await expect(text).toContainText('<img src=x onerror="window.__continuumImg = true">');
  await shoot(page, 'chapter-untrusted');

  // The characters' pages quote the text around their mentions, as text too.
  await page.goto(`${novelPath}/characters?cap=1`);
  await settled(page);
  await page.locator('.entity-card').filter({ hasText: 'Vane' }).first().getByRole('link').click();
  await settled(page);
  expect(await page.locator('main script, main img').count()).toBe(0);

  await page.waitForTimeout(500);
  expect(dialogs).toEqual([]);
});
