import { describe, expect, it } from 'vitest';
import { clampCap, parseCap, withCap } from './cap';

describe('parseCap', () => {
  it('uses the latest chapter when the URL has no cap', () => {
    expect(parseCap(null, 7)).toBe(7);
    expect(parseCap(undefined, 7)).toBe(7);
    expect(parseCap('', 7)).toBe(7);
  });

  it('reads a chapter number', () => {
    expect(parseCap('3', 7)).toBe(3);
    expect(parseCap(' 5 ', 7)).toBe(5);
  });

  it('clamps to 1..latest', () => {
    expect(parseCap('0', 7)).toBe(1);
    expect(parseCap('-4', 7)).toBe(1);
    expect(parseCap('12', 7)).toBe(7);
  });

  it('treats garbage as absent', () => {
    expect(parseCap('abc', 7)).toBe(7);
    expect(parseCap('2.5', 7)).toBe(7);
    expect(parseCap('3abc', 7)).toBe(7);
  });

  it('is 0 for a novel without chapters', () => {
    expect(parseCap('3', 0)).toBe(0);
    expect(parseCap(null, 0)).toBe(0);
  });
});

describe('clampCap', () => {
  it('keeps numbers inside the range', () => {
    expect(clampCap(4, 10)).toBe(4);
    expect(clampCap(40, 10)).toBe(10);
    expect(clampCap(-1, 10)).toBe(1);
    expect(clampCap(Number.NaN, 10)).toBe(10);
  });
});

describe('withCap', () => {
  it('adds the cap to a path', () => {
    expect(withCap('/novels/n/characters', '4')).toBe('/novels/n/characters?cap=4');
  });

  it('keeps the query and the hash', () => {
    expect(withCap('/novels/n/search?q=ring#top', '4')).toBe('/novels/n/search?q=ring&cap=4#top');
  });

  it('leaves an explicit cap and a missing cap alone', () => {
    expect(withCap('/novels/n/chapters?cap=2', '4')).toBe('/novels/n/chapters?cap=2');
    expect(withCap('/novels/n/chapters', null)).toBe('/novels/n/chapters');
  });
});
