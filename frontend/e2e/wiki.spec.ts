import { expect, test, type Page } from '@playwright/test';
import { prideAndPrejudiceBook, prideAndPrejudiceRange } from './pride';
import { expectLinksKeepCap, linkedChapters, parkDrafts, phoneShots, setCap, settled, shoot, waitForNovelJobs, waitForSubmissions } from './support';

/**
 * The whole wiki on a real book: the first twelve chapters of Pride and Prejudice uploaded
 * as one file (front matter and all); chapters 13–15 are queued next and, while they are
 * read, the wiki is browsed at chapters 3 and 12 (search, the graph, canon locking, custom
 * types, no Wickham anywhere). Then Wickham's page from chapter 15, and two agent drafts in
 * the review queue. The steps depend on each other and run in order.
 */
test.describe.configure({ mode: 'serial' });

const TITLE = 'Pride and Prejudice (the book)';
let novelPath = '';
let novelId = '';
let characterPath = '';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Novel' });
const main = (page: Page) => page.locator('main');

async function open(page: Page, path: string, cap: number) {
  const [pathname, query = ''] = path.split('?');
  const params = new URLSearchParams(query);
  params.set('cap', String(cap));
  await page.goto(`${novelPath}${pathname ? `/${pathname}` : ''}?${params.toString()}`);
  await settled(page);
}

test('a whole book in one file: the splitter drops the front matter and finds twelve chapters', async ({ page }) => {
  test.setTimeout(9 * 60_000);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Your novels', level: 1 })).toBeVisible();
  await page.getByLabel('Title').fill(TITLE);
  await page.getByLabel('Author').fill('Jane Austen');
  await page.getByRole('button', { name: 'Create novel' }).click();
  await expect(page).toHaveURL(/\/novels\/[0-9a-f-]+\/process$/);
  novelPath = new URL(page.url()).pathname.replace(/\/process$/, '');
  novelId = novelPath.split('/').pop() ?? '';

  const book = prideAndPrejudiceBook(12);
  expect(book).toContain('GEORGE ALLEN'); // the front matter is there to be dropped
  await page.locator('input[type="file"]').setInputFiles({
    name: 'pride-and-prejudice.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(book, 'utf8'),
  });
  await expect(page.getByText('1 file, 12 chapters in all.')).toBeVisible({ timeout: 30_000 });
  const preview = page.getByRole('table', { name: 'Chapters detected in pride-and-prejudice.txt' });
  await expect(preview.getByRole('row')).toHaveCount(13);
  await expect(preview.getByRole('row').nth(1)).toContainText('It is a truth universally acknowledged');
  await expect(preview.getByRole('row').nth(12)).toContainText('Chapter XII');
  await shoot(page, 'process-book');

  await page.getByRole('button', { name: 'Process 12 chapters' }).click();
  await waitForSubmissions(page, 1);
  await expect(page.getByText('Reading as of chapter 12 of 12')).toBeVisible();
  await shoot(page, 'process-book-done');
});

test('chapters 13 to 15 are queued; the reader stays at chapter 12 meanwhile', async ({ page }) => {
  await page.goto(`${novelPath}/process`);
  await page.locator('input[type="file"]').setInputFiles(
    prideAndPrejudiceRange(13, 15).map((text, index) => ({
      name: `chapter-${13 + index}.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from(text, 'utf8'),
    })),
  );
  await expect(page.getByText('3 files, 3 chapters in all.')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Process 3 chapters' }).click();
  await expect(page.getByRole('region', { name: 'Progress' }).getByRole('listitem')).toHaveCount(3);
});

test('at chapter 3 and at chapter 12: characters, timeline, graph and threads stay within the cap', async ({ page }) => {
  for (const cap of [3, 12]) {
    await open(page, 'characters', cap);
    await expect(page.getByText(new RegExp(`known by chapter ${cap}\\.`))).toBeVisible();
    const names = await page.locator('.entity-card h2').allTextContents();
    expect(names.some((name) => /Darcy/.test(name))).toBe(true);
    expect(names.some((name) => /Bingley/.test(name))).toBe(true);
    await expectLinksKeepCap(page, cap);

    await open(page, 'timeline', cap);
    // The timeline pages 200 events at a time: load every page, then nothing passes the cap.
    // While a page loads the button reads "Loading…", so wait for the events to grow before looking again.
    const pager = page.locator('.timeline__pager button');
    // Chapters show their first few events folded, so count what the chapter headings say.
    const loaded = async () =>
      (await page.locator('.timeline__count').allTextContents()).reduce((sum, text) => sum + Number(text.replace(/\D/g, '')), 0);
    while ((await pager.count()) > 0) {
      const before = await loaded();
      await pager.click();
      await expect.poll(loaded, { timeout: 30_000 }).toBeGreaterThan(before);
      await expect(pager.filter({ hasText: 'Loading…' })).toHaveCount(0);
    }
    const chapters = (await page.locator('.timeline__heading a').allTextContents()).map((t) => Number(t.replace(/\D/g, '')));
    expect(chapters.length).toBeGreaterThan(0);
    expect(Math.max(...chapters)).toBeLessThanOrEqual(cap);
    if (cap === 12) expect(chapters).toContain(12);
    await expectLinksKeepCap(page, cap);
    await page.getByRole('radio', { name: 'Story order' }).click();
    await expect(page).toHaveURL(/order=story/);
    await settled(page);

    await open(page, 'graph', cap);
    const graphOrEmpty = page.getByRole('group', { name: new RegExp(`graph at chapter ${cap}`) }).or(page.getByText(`No ties yet at chapter ${cap}`));
    await expect(graphOrEmpty).toBeVisible();

    await open(page, 'threads', cap);
    const opened = (await page.locator('.thread-card__meta').allTextContents()).map((t) => Number(/Opened in chapter (\d+)/.exec(t)?.[1] ?? 0));
    for (const chapter of opened) expect(chapter).toBeLessThanOrEqual(cap);
    expect(Math.max(0, ...(await linkedChapters(page)))).toBeLessThanOrEqual(cap);
    if (opened.length === 0) await expect(page.getByText(`No plot threads yet at chapter ${cap}`)).toBeVisible();
  }
});

test('search finds passages up to the cap, with the matches marked', async ({ page }) => {
  await open(page, 'search?q=Netherfield', 12);
  await expect(page.getByText(/results? for “Netherfield” up to chapter 12/)).toBeVisible();
  const marks = await page.locator('.search-hit__snippet mark').allTextContents();
  expect(marks.length).toBeGreaterThan(0);
  expect(marks.every((m) => /netherfield/i.test(m))).toBe(true);
  expect(Math.max(...(await linkedChapters(page)))).toBeLessThanOrEqual(12);

  await open(page, 'search?q=Netherfield', 3);
  await expect(page.getByText(/up to chapter 3/)).toBeVisible();
  expect(Math.max(0, ...(await linkedChapters(page)))).toBeLessThanOrEqual(3);
});

test('the graph: filter by type, then a click on a node opens its page', async ({ page }) => {
  await open(page, 'graph', 12);
  const graph = page.getByRole('group', { name: /Relationship graph at chapter 12/ });
  await expect(graph).toBeVisible();

  // Turning a tie type off removes its edges from the drawing.
  const chips = page.getByRole('group', { name: 'Ties' }).getByRole('button', { pressed: true });
  const before = await graph.locator('.graph__edge').count();
  await chips.first().click();
  await expect.poll(() => graph.locator('.graph__edge').count()).toBeLessThan(before);
  await page.getByRole('group', { name: 'Ties' }).getByRole('button', { name: 'Show all ties' }).click();
  await expect.poll(() => graph.locator('.graph__edge').count()).toBe(before);

  // Drag a node: it stays where it is dropped (and the drag does not open its page).
  const jane = graph.getByRole('link', { name: 'Jane', exact: true });
  const node = (await jane.count()) > 0 ? jane : graph.getByRole('link').first();
  const name = (await node.getAttribute('aria-label')) ?? '';
  const box = await node.locator('circle').boundingBox();
  if (!box) throw new Error('node not drawn');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 80, box.y + 40, { steps: 6 });
  await page.mouse.up();
  await expect(page).toHaveURL(/\/graph\?/);
  await expect(graph.locator('.graph__node.is-pinned')).toHaveCount(1);

  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByRole('button', { name: 'Fit' }).click();
  await graph.getByRole('link', { name, exact: true }).locator('circle').click();
  await expect(page).toHaveURL(/\/entities\/[^/?]+\?cap=12$/);
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Relationships in force' })).toBeVisible();
  await settled(page);
  characterPath = new URL(page.url()).pathname;

  await open(page, 'graph?view=entities', 12);
  await expect(page.getByRole('group', { name: /Entity graph at chapter 12/ })).toBeVisible();
});

test('canon: lock a fact, and it stays locked', async ({ page }) => {
  await open(page, 'canon', 12);
  const lock = page.getByRole('button', { name: /^Lock .*eye colour: dark$/ });
  await expect(lock).toBeVisible();
  await lock.click();
  const unlock = page.getByRole('button', { name: /^Unlock .*eye colour: dark$/ });
  await expect(unlock).toBeVisible();
  await page.reload();
  await settled(page);
  await expect(unlock).toBeVisible();
  await page.getByRole('checkbox', { name: 'Locked only' }).check();
  await expect(page.locator('.canon-fact')).toHaveCount(1);
  await page.getByRole('checkbox', { name: 'Locked only' }).uncheck();

  // The inline edit refuses an empty value before anything is sent.
  const edit = page.locator('.canon-fact').filter({ hasText: 'Lydia' }).first().getByRole('button', { name: /^Edit / });
  if (await edit.count()) {
    await edit.click();
    await page.getByRole('textbox').last().fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Enter a value, or cancel to keep the current one.')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
  }
});

test('custom types: add one, it joins the menu with its own (empty) list', async ({ page }) => {
  await open(page, 'types', 12);
  await page.getByLabel('Name').fill('Estate');
  await page.getByLabel('Description').fill('A great house and its grounds: Netherfield, Pemberley, Rosings.');
  await page.getByRole('button', { name: 'Add type' }).click();
  await expect(page.getByText('Added “Estate”.', { exact: false })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Estate' })).toBeVisible();
  await page.getByLabel('Name').fill('estate');
  await page.getByRole('button', { name: 'Add type' }).click();
  await expect(page.getByText('The novel already has a type “estate”.')).toBeVisible();
  await page.getByLabel('Name').fill('');
  await nav(page).getByRole('link', { name: 'Estate' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Estate' })).toBeVisible();
  await settled(page);
  await expect(page.getByText('No estate yet at chapter 12')).toBeVisible();
});

test('at chapter 12 no page names Wickham', async ({ page }) => {
  const pages = [
    '',
    'chapters',
    'characters',
    'locations',
    'locations?view=cards',
    'factions',
    'objects',
    'objects?view=cards',
    'timeline',
    'timeline?order=story',
    'threads',
    'graph',
    'graph?view=entities',
    'commitments',
    'canon',
    'continuity',
    'duplicates',
    'types',
  ];
  for (const path of pages) {
    await open(page, path, 12);
    const isolated = page.getByRole('checkbox', { name: /without a tie shown/ });
    if (await isolated.count()) await isolated.check();
    await expect(main(page), `/${path} at chapter 12`).not.toContainText('Wickham');
  }
  for (const chapter of [1, 6, 12]) {
    await open(page, `chapters/${chapter}`, 12);
    await expect(main(page)).not.toContainText('Wickham');
  }
  await open(page, 'search?q=Wickham&mode=hybrid', 12);
  await expect(page.locator('.search-results')).not.toContainText('Wickham');
  await open(page, 'search?q=Wickham&mode=bm25', 12);
  await expect(page.getByText('Nothing found for “Wickham”')).toBeVisible();
});

test('chapters 13 to 15 bring Mr. Wickham, whose page exists from chapter 15 only', async ({ page, request }) => {
  test.setTimeout(6 * 60_000);
  await waitForNovelJobs(request, novelId);
  await open(page, 'characters', 15);
  await expect(page.getByText('Reading as of chapter 15 of 15')).toBeVisible();
  const card = page.locator('.entity-card').filter({ hasText: 'Wickham' }).first();
  await expect(card).toBeVisible();
  await card.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: /Wickham/ })).toBeVisible();
  await expect(page).toHaveURL(/\?cap=15$/);
  await settled(page);
  await shoot(page, 'character-wickham');
  await setCap(page, 14, 15);
  await expect(page.getByRole('heading', { name: 'Not yet in the story at chapter 14' })).toBeVisible();
  await expect(main(page)).not.toContainText('Wickham');
});

test('parked drafts: the queue ignores the cap; accept one, reject the other', async ({ page, browser, baseURL }) => {
  test.setTimeout(5 * 60_000);
  const parked = await parkDrafts(novelId, [
    {
      number: 16,
      text: 'CHAPTER XVI.\n\nThe next morning Elizabeth looked up with her blue eyes and smiled at her sister. Jane laughed, took her arm, and they walked together towards Meryton.\n',
    },
    {
      number: 17,
      text: 'CHAPTER XVII.\n\nElizabeth turned her blue eyes to the window, where the rain was falling on the lawn of Longbourn.\n',
    },
  ]);
  expect(parked.map((p) => [p.number, p.ingested, p.reason])).toEqual([
    [16, false, 'fail'],
    [17, false, 'fail'],
  ]);

  // Reading at chapter 3, the queue still shows every draft, and says why.
  await open(page, 'review', 3);
  await expect(page.getByText('Author page: not limited by the chapter slider')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Draft of chapter 16' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Draft of chapter 17' })).toBeVisible();
  await expect(page.getByText('her dark eyes').first()).toBeVisible();
  await shoot(page, 'review');

  await page.getByRole('link', { name: 'Review the draft of chapter 16' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Draft of chapter 16' })).toBeVisible();
  await settled(page);
  await expect(page.locator('.draft-text mark').first()).toHaveText('her blue eyes');
  await shoot(page, 'review-draft');
  await phoneShots(browser, baseURL ?? '', [
    ['review', `${novelPath}/review?cap=15`],
    ['review-draft', new URL(page.url()).pathname],
  ]);
  await page.getByRole('button', { name: 'Edit, then accept' }).click();
  await expect(page.getByRole('textbox', { name: 'Edit the draft of chapter 16' })).toBeVisible();
  await shoot(page, 'review-edit');
  await page.getByRole('button', { name: 'Cancel editing' }).click();
  await page.getByRole('button', { name: 'Accept as is…' }).click();
  const confirm = page.getByRole('alertdialog', { name: /Accept the draft of chapter 16/ });
  await expect(confirm).toBeVisible();
  await shoot(page, 'review-confirm', false);
  await confirm.getByRole('button', { name: 'Accept and write the chapter' }).click();
  await expect(page.getByText('Accepted: chapter 16 is now part of the story.')).toBeVisible({ timeout: 3 * 60_000 });
  await shoot(page, 'review-accepted');

  await page.getByRole('link', { name: 'Back to the queue' }).click();
  await page.getByRole('link', { name: 'Review the draft of chapter 17' }).click();
  await page.getByRole('button', { name: 'Reject…' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reject draft' }).click();
  await expect(page.getByText('Rejected: nothing was written for chapter 17.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the queue' }).click();
  await expect(page.getByText('No drafts waiting for review')).toBeVisible();
  await shoot(page, 'review-empty');

  // The accepted draft is chapter 16, and its finding is kept as an accepted override.
  await open(page, 'chapters/16', 16);
  await expect(page.getByRole('region', { name: 'Chapter text' })).toContainText('her blue eyes');
  await open(page, 'continuity', 16);
  await expect(page.getByText(/accepted despite/i).first()).toBeVisible();
});

test('every page, at desktop and phone width', async ({ page, browser, baseURL }) => {
  test.setTimeout(6 * 60_000);
  const cap = 16;
  const pages: [string, string][] = [
    ['novel-home', ''],
    ['chapters', 'chapters'],
    ['chapter', 'chapters/7'],
    ['characters', 'characters'],
    ['locations', 'locations'],
    ['locations-cards', 'locations?view=cards'],
    ['objects', 'objects'],
    ['factions', 'factions'],
    ['timeline', 'timeline'],
    ['threads', 'threads'],
    ['commitments', 'commitments'],
    ['continuity', 'continuity'],
    ['duplicates', 'duplicates'],
    ['types', 'types'],
    ['type-estate', 'types/estate'],
    ['graph', 'graph'],
    ['graph-entities', 'graph?view=entities'],
    ['canon', 'canon'],
    ['search', 'search?q=Netherfield'],
  ];
  for (const [name, path] of pages) {
    await open(page, path, cap);
    await expectLinksKeepCap(page, cap);
    await shoot(page, name);
  }
  await page.goto(`${characterPath}?cap=${cap}`);
  await settled(page);
  await shoot(page, 'character');
  await open(page, 'graph', cap);
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await shoot(page, 'graph-dark');
  await open(page, 'canon', cap);
  await shoot(page, 'canon-dark');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();

  // The duplicates' merge dialog, opened and cancelled.
  await open(page, 'duplicates', cap);
  const merge = page.getByRole('button', { name: /^Merge / }).first();
  if (await merge.count()) {
    await merge.click();
    await expect(page.getByRole('alertdialog', { name: 'Merge these two entries?' })).toBeVisible();
    await shoot(page, 'duplicates-merge', false);
    await page.getByRole('button', { name: 'Cancel' }).click();
  }

  const withCap = (path: string) => `${novelPath}${path ? `/${path}` : ''}${path.includes('?') ? '&' : '?'}cap=${cap}`;
  await phoneShots(browser, baseURL ?? '', [
    ...pages.map(([name, path]) => [name, withCap(path)] as [string, string]),
    ['character', `${characterPath}?cap=${cap}`],
  ]);
});
