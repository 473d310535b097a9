import { describe, expect, it } from 'vitest';
import { extractorLabel, formatLatency, formatShare, formatTokens, formatUsd } from './format';

describe('extraction formats', () => {
  it('keeps enough digits to compare small costs', () => {
    expect(formatUsd(0)).toBe('$0');
    expect(formatUsd(0.004515)).toBe('$0.0045');
    expect(formatUsd(0.0312)).toBe('$0.031');
    expect(formatUsd(12.345)).toBe('$12.35');
  });

  it('shows shares, tokens and latency compactly', () => {
    expect(formatShare(0.2679)).toBe('27%');
    expect(formatShare(0.004)).toBe('<1%');
    expect(formatShare(0)).toBe('0%');
    expect(formatTokens(980)).toBe('980');
    expect(formatTokens(6144)).toBe('6.1k');
    expect(formatTokens(15300)).toBe('15k');
    expect(formatTokens(2_400_000)).toBe('2.4M');
    expect(formatLatency(850)).toBe('850 ms');
    expect(formatLatency(21000)).toBe('21.0 s');
  });

  it('names the extractor by its model', () => {
    expect(extractorLabel('llm:openai/gpt-4o-mini')).toBe('openai/gpt-4o-mini');
    expect(extractorLabel('offline')).toBe('offline');
    expect(extractorLabel(null)).toBe('not stored');
  });
});
