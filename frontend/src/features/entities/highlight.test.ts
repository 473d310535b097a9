import { describe, expect, it } from 'vitest';
import { splitAroundMention, trimToWords } from './highlight';

describe('splitAroundMention', () => {
  it('uses the offset to pick the right occurrence', () => {
    expect(splitAroundMention('Darcy met Darcy.', 'Darcy', 10)).toEqual({ before: 'Darcy met ', match: 'Darcy', after: '.' });
  });

  it('falls back to the first occurrence, then ignores case', () => {
    expect(splitAroundMention('Come, Darcy.', 'Darcy', 99)?.before).toBe('Come, ');
    expect(splitAroundMention('said MR. DARCY', 'Mr. Darcy')?.match).toBe('MR. DARCY');
    expect(splitAroundMention('nothing here', 'Darcy')).toBeNull();
  });
});

describe('trimToWords', () => {
  it('drops half words at both cuts and marks them', () => {
    const parts = splitAroundMention('sy, unaffected manners; his friend Mr. Darcy soon drew the attention of five minut', 'Mr. Darcy');
    expect(parts).not.toBeNull();
    if (!parts) return;
    expect(trimToWords(parts, true)).toEqual({
      before: '…unaffected manners; his friend ',
      match: 'Mr. Darcy',
      after: ' soon drew the attention of five…',
    });
  });

  it('keeps a context that starts and ends on a sentence', () => {
    const parts = splitAroundMention('“Come, Darcy,” said he.', 'Darcy');
    if (!parts) throw new Error('not found');
    expect(trimToWords(parts, true)).toEqual(parts);
  });

  it('keeps the start of the chapter', () => {
    const parts = splitAroundMention('it is Darcy.', 'Darcy');
    if (!parts) throw new Error('not found');
    expect(trimToWords(parts, false).before).toBe('it is ');
  });
});
