import { describe, expect, it } from 'vitest';
import type { SplitChapter } from '../../api/types';
import { chapterNumberProblem, compareFileNames, kindOfSplit, planSubmissions, submitLabel, type SourceItem } from './plan';

const detected = (count: number, title: (i: number) => string | null = () => null): SplitChapter[] =>
  Array.from({ length: count }, (_, i) => ({ number: i + 1, title: title(i), word_count: 100, preview: 'It is a truth' }));

const source = (name: string, split?: SplitChapter[]): SourceItem => ({ key: name, name, text: `text of ${name}`, split });

describe('the book or chapter decision', () => {
  it('treats two or more detected chapters as a whole book', () => {
    expect(kindOfSplit(detected(2))).toBe('book');
    expect(kindOfSplit(detected(61))).toBe('book');
  });

  it('treats one detected chapter (or none) as one chapter', () => {
    expect(kindOfSplit(detected(1))).toBe('chapter');
    expect(kindOfSplit([])).toBe('chapter');
  });

  it('sends a whole book to /book, numbered from the chosen chapter', () => {
    const [book] = planSubmissions([source('Pasted text', detected(3, (i) => `Chapter ${i + 1}`))], 4);
    expect(book).toMatchObject({ kind: 'book', firstNumber: 4 });
    expect(book?.kind === 'book' && book.chapters).toHaveLength(3);
  });

  it('sends a single text as one chapter with the typed title', () => {
    const plan = planSubmissions([source('Pasted text', detected(1))], 4, '  The Ball ');
    expect(plan).toEqual([expect.objectContaining({ kind: 'chapter', number: 4, title: 'The Ball' })]);
    expect(submitLabel(plan)).toBe('Process chapter 4');
  });

  it('numbers several files one after the other, books taking as many numbers as they have chapters', () => {
    const plan = planSubmissions(
      [source('01.txt', detected(1, () => 'Chapter I')), source('02-05.txt', detected(4)), source('06.txt', detected(1))],
      1,
      'ignored when there are several files',
    );
    expect(plan.map((p) => (p.kind === 'book' ? `book@${p.firstNumber}` : `chapter@${p.number}`))).toEqual([
      'chapter@1',
      'book@2',
      'chapter@6',
    ]);
    expect(plan[0]).toMatchObject({ title: 'Chapter I' });
    expect(plan[2]).toMatchObject({ title: null });
    expect(submitLabel(plan)).toBe('Process 6 chapters');
  });

  it('labels a book by its chapter count', () => {
    expect(submitLabel(planSubmissions([source('book.txt', detected(61))], 1))).toBe('Process 61 chapters');
  });
});

describe('chapterNumberProblem', () => {
  it('accepts the next chapter', () => {
    expect(chapterNumberProblem(4, 4, false)).toBeNull();
  });

  it('refuses a gap', () => {
    expect(chapterNumberProblem(6, 4, false)).toMatch(/next chapter is 4/);
  });

  it('asks for replace on an existing chapter', () => {
    expect(chapterNumberProblem(2, 4, false)).toMatch(/already exists/);
    expect(chapterNumberProblem(2, 4, true)).toBeNull();
  });

  it('refuses nonsense', () => {
    expect(chapterNumberProblem(0, 1, false)).toMatch(/1 or more/);
    expect(chapterNumberProblem(Number.NaN, 1, false)).toMatch(/1 or more/);
  });
});

describe('compareFileNames', () => {
  it('orders numbers as a person would', () => {
    expect(['ch10.txt', 'ch2.txt', 'ch1.txt'].sort(compareFileNames)).toEqual(['ch1.txt', 'ch2.txt', 'ch10.txt']);
  });
});
