import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { settled, shoot, waitForSubmissions } from './support';

/**
 * An author's own files: a Word document with heading styles and an EPUB full of front matter
 * are dropped on the Process page; the preview shows their chapters before anything is queued,
 * and the wiki reads them with the titles the files gave.
 */
const here = dirname(fileURLToPath(import.meta.url));

function makeDocuments(): { docx: string; epub: string } {
  const python = process.env.CONTINUUM_PYTHON ?? resolve(here, '..', '..', '.venv', 'bin', 'python');
  const out = execFileSync(python, [join(here, 'make_documents.py'), join(tmpdir(), `continuum-e2e-docs-${Date.now()}`)], {
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').pop() ?? '{}') as { docx: string; epub: string };
}

/** Drops files on the drop zone the way a browser does: a drop event carrying a DataTransfer. */
async function dropFiles(page: Page, paths: string[]) {
  const files = paths.map((path) => ({ name: basename(path), data: readFileSync(path).toString('base64') }));
  const transfer = await page.evaluateHandle((items) => {
    const data = new DataTransfer();
    for (const item of items) {
      const bytes = Uint8Array.from(atob(item.data), (c) => c.charCodeAt(0));
      data.items.add(new File([bytes], item.name));
    }
    return data;
  }, files);
  const zone = page.locator('.source-input');
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
}

test('a Word file and an EPUB dropped on the Process page become chapters of the wiki', async ({ page }) => {
  test.setTimeout(6 * 60_000);
  const { docx, epub } = makeDocuments();
  await page.goto('/');
  await page.getByLabel('Title').fill('The Harbour and the Lighthouse');
  await page.getByRole('button', { name: 'Create novel' }).click();
  await expect(page).toHaveURL(/\/novels\/[0-9a-f-]+\/process$/);
  const novelPath = new URL(page.url()).pathname.replace(/\/process$/, '');

  await dropFiles(page, [docx]);
  const preview = page.getByRole('table', { name: 'Chapters detected in lighthouse.docx' });
  await expect(preview.getByRole('row')).toHaveCount(4, { timeout: 30_000 });
  await expect(preview.getByRole('row').nth(1)).toContainText('The Letter');
  await expect(preview.getByRole('row').nth(1)).toContainText('She read the words _Come home_ twice');
  await expect(preview.getByRole('row').nth(3)).toContainText('The Light');
  await expect(page.getByText('Left out as front or back matter: untitled page, Acknowledgements.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Process 3 chapters' })).toBeEnabled();
  await shoot(page, 'process-docx');

  await dropFiles(page, [epub]);
  await expect(page.getByText('2 files, 6 chapters in all.')).toBeVisible({ timeout: 30_000 });
  const files = page.getByRole('table', { name: 'Files to process, in order' });
  await expect(files.getByRole('row', { name: /harbour\.epub/ })).toContainText('A whole book: 3 chapters');
  await expect(files.getByRole('row', { name: /lighthouse\.docx/ })).toContainText('4–6');
  await page.getByRole('button', { name: 'Process 6 chapters' }).click();
  await waitForSubmissions(page, 2, 5 * 60_000);

  await page.goto(`${novelPath}/chapters?cap=6`);
  await settled(page);
  const main = page.locator('main');
  for (const title of ['Chapter One: The Harbour', 'Chapter Three: The Return', 'The Letter', 'The Light']) {
    await expect(main.getByText(title, { exact: false }).first()).toBeVisible();
  }
  await page.goto(`${novelPath}/chapters/4?cap=6`);
  await settled(page);
  await expect(main).toContainText('She read the words _Come home_ twice before she believed them.');
  await expect(main).not.toContainText('All rights reserved');
  await page.goto(`${novelPath}/characters?cap=6`);
  await settled(page);
  await expect(main.locator('.entity-card').filter({ hasText: 'Ellen' }).first()).toBeVisible();
  await expect(main.locator('.entity-card').filter({ hasText: 'Nell' }).first()).toBeVisible();
});
