import { describe, expect, it } from 'vitest';
import { chapterLabel, meaningfulTitle, plural } from './format';

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
