import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

export function sharedDataDir(): string {
  return process.env.CONTINUUM_SHARED_DATA ?? resolve(here, '..', '..', '..', 'shared', 'data');
}

function prideText(): string {
  return readFileSync(join(sharedDataDir(), 'novels', 'pride_and_prejudice.txt'), 'utf8').replace(/\r\n/g, '\n');
}

/** Headings of chapters II onwards: "CHAPTER II." lines (XIII and XIV have no full stop). */
function laterHeadings(text: string): RegExpExecArray[] {
  return [...text.matchAll(/^CHAPTER ([IVXL]+)\.?\s*$/gm)];
}

/**
 * The first `count` chapters of the Gutenberg Pride and Prejudice, each with its heading.
 * Chapter I's heading sits inside an illustration block ("Chapter I.]"); the others are
 * plain "CHAPTER II." lines.
 */
export function prideAndPrejudiceChapters(count: number): string[] {
  const text = prideText();
  const first = /^Chapter I\.\]\s*$/m.exec(text);
  if (!first) throw new Error('Chapter I not found in pride_and_prejudice.txt');
  const headings = laterHeadings(text);
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

/**
 * The book as a file would hold it, from its very beginning (title pages, preface, list of
 * illustrations: the front matter the book splitter must drop) to the end of chapter `last`.
 */
export function prideAndPrejudiceBook(last: number): string {
  const text = prideText();
  const next = laterHeadings(text)[last - 1];
  if (!next) throw new Error(`Chapter ${last + 1} heading not found`);
  return `${text.slice(0, next.index).trimEnd()}\n`;
}

/** Chapters `from`..`to` (1-based), each with its heading, as separate texts. */
export function prideAndPrejudiceRange(from: number, to: number): string[] {
  return prideAndPrejudiceChapters(to).slice(from - 1);
}
