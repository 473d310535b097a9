import { describe, expect, it } from 'vitest';
import { chapterLabel, chapterRanges, meaningfulTitle, plural } from './format';

describe('chapter titles', () => {
  it('drops titles that only repeat the number', () => {
    for (const title of ['Chapter III', 'CHAPTER 3.', 'chap. xii', 'IV', '12', '', null, undefined]) {
      expect(meaningfulTitle(title)).toBeNull();
    }
    expect(chapterLabel(3, 'Chapter III')).toBe('Chapter 3');
  });

  it('keeps real titles', () => {
    expect(meaningfulTitle(' Down the Rabbit-Hole ')).toBe('Down the Rabbit-Hole');
    expect(chapterLabel(1, 'Down the Rabbit-Hole')).toBe('Chapter 1: Down the Rabbit-Hole');
  });
});

describe('plural', () => {
  it('agrees with the count', () => {
    expect(plural(1, 'chapter')).toBe('1 chapter');
    expect(plural(1200, 'word')).toBe('1,200 words');
    expect(plural(2, 'match', 'matches')).toBe('2 matches');
  });
});

describe('chapter ranges', () => {
  it('folds consecutive chapters into ranges', () => {
    expect(chapterRanges([3, 4, 5, 6, 19, 20, 34])).toBe('chapters 3–6, 19–20 and 34');
    expect(chapterRanges([5, 3, 4, 4])).toBe('chapters 3–5');
    expect(chapterRanges([7])).toBe('chapter 7');
    expect(chapterRanges([2, 9])).toBe('chapters 2 and 9');
    expect(chapterRanges([])).toBe('');
  });
});
