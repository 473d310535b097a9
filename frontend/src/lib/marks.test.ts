import { describe, expect, it } from 'vitest';
import { codePointIndex, locateSpan, splitMarked, splitSpans } from './marks';

describe('splitMarked', () => {
  it('splits the « » marks of a search snippet', () => {
    expect(splitMarked('the «silver» «key» lay under')).toEqual([
      { text: 'the ', marked: false },
      { text: 'silver', marked: true },
      { text: ' ', marked: false },
      { text: 'key', marked: true },
      { text: ' lay under', marked: false },
    ]);
  });

  it('handles marks at both ends and nothing marked', () => {
    expect(splitMarked('«Netherfield»')).toEqual([{ text: 'Netherfield', marked: true }]);
    expect(splitMarked('plain text')).toEqual([{ text: 'plain text', marked: false }]);
    expect(splitMarked('')).toEqual([]);
  });

  it('keeps unpaired marks as literal text', () => {
    expect(splitMarked('a « b')).toEqual([{ text: 'a « b', marked: false }]);
    expect(splitMarked('a » b «c»')).toEqual([
      { text: 'a » b ', marked: false },
      { text: 'c', marked: true },
    ]);
    expect(splitMarked('«a «b» c')).toEqual([
      { text: '«a ', marked: false },
      { text: 'b', marked: true },
      { text: ' c', marked: false },
    ]);
  });

  it('never interprets markup: it stays text', () => {
    expect(splitMarked('«<img src=x onerror=alert(1)>»')).toEqual([{ text: '<img src=x onerror=alert(1)>', marked: true }]);
  });
});

describe('splitSpans', () => {
  const text = 'Elizabeth looked up with her blue eyes and smiled.';

  it('marks the spans given by offsets', () => {
    expect(splitSpans(text, [{ start: 25, end: 38, quote: 'her blue eyes' }])).toEqual([
      { text: 'Elizabeth looked up with ', marked: false },
      { text: 'her blue eyes', marked: true, spans: [0] },
      { text: ' and smiled.', marked: false },
    ]);
  });

  it('splits overlapping spans and says which cover each run', () => {
    const segments = splitSpans(text, [
      { start: 0, end: 16 },
      { start: 10, end: 19 },
    ]);
    expect(segments).toEqual([
      { text: 'Elizabeth ', marked: true, spans: [0] },
      { text: 'looked', marked: true, spans: [0, 1] },
      { text: ' up', marked: true, spans: [1] },
      { text: ' with her blue eyes and smiled.', marked: false },
    ]);
  });

  it('finds the quote when the offsets do not match it, and ignores what it cannot place', () => {
    expect(splitSpans(text, [{ start: 3, end: 9, quote: 'smiled' }, { start: null, end: null, quote: 'not there' }])).toEqual([
      { text: 'Elizabeth looked up with her blue eyes and ', marked: false },
      { text: 'smiled', marked: true, spans: [0] },
      { text: '.', marked: false },
    ]);
    expect(splitSpans('short', [{ start: 40, end: 50 }])).toEqual([{ text: 'short', marked: false }]);
  });

  it('counts offsets in code points, like the server', () => {
    const withEmoji = '🙂 Jane smiled';
    expect(codePointIndex(withEmoji, 2)).toBe(3);
    expect(locateSpan(withEmoji, { start: 2, end: 6, quote: 'Jane' })).toEqual([3, 7]);
  });

  it('keeps the text whole', () => {
    const segments = splitSpans(text, [{ start: 5, end: 30 }, { start: 20, end: 45 }, { start: 0, end: 50 }]);
    expect(segments.map((s) => s.text).join('')).toBe(text);
  });
});
