import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

export function sharedDataDir(): string {
  return process.env.CONTINUUM_SHARED_DATA ?? resolve(here, '..', '..', '..', 'shared', 'data');
}

/**
 * The first `count` chapters of the Gutenberg Pride and Prejudice, each with its heading.
 * Chapter I's heading sits inside an illustration block ("Chapter I.]"); the others are
 * plain "CHAPTER II." lines.
 */
export function prideAndPrejudiceChapters(count: number): string[] {
  const text = readFileSync(join(sharedDataDir(), 'novels', 'pride_and_prejudice.txt'), 'utf8').replace(/\r\n/g, '\n');
  const first = /^Chapter I\.\]\s*$/m.exec(text);
  if (!first) throw new Error('Chapter I not found in pride_and_prejudice.txt');
  const headings = [...text.matchAll(/^CHAPTER ([IVXL]+)\.\s*$/gm)];
  const chapters: string[] = [];
  let start = first.index + first[0].length;
  let heading = 'CHAPTER I.';
  for (let i = 0; i < count; i += 1) {
    const next = headings[i];
    if (!next) throw new Error(`Chapter ${i + 2} heading not found`);
    chapters.push(`${heading}\n\n${text.slice(start, next.index).trim()}\n`);
    heading = next[0].trim();
    start = next.index + next[0].length;
  }
  return chapters;
}
