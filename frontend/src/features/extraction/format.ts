import { formatNumber } from '../../lib/format';

/** "$0.0045", "$1.23", "$0": small costs keep enough digits to compare chapters. */
export function formatUsd(value: number): string {
  if (value === 0) return '$0';
  if (Math.abs(value) >= 1) return `$${value.toFixed(2)}`;
  if (Math.abs(value) >= 0.01) return `$${value.toFixed(3)}`;
  return `$${value.toFixed(4)}`;
}

/** "27%" or "<1%" (a share is 0..1). */
export function formatShare(share: number): string {
  if (share > 0 && share < 0.01) return '<1%';
  return `${Math.round(share * 100)}%`;
}

/** "15.3k", "980", "1.2M" tokens. */
export function formatTokens(tokens: number): string {
  if (tokens >= 1_000_000) return `${(tokens / 1_000_000).toFixed(1)}M`;
  if (tokens >= 10_000) return `${Math.round(tokens / 1000)}k`;
  if (tokens >= 1000) return `${(tokens / 1000).toFixed(1)}k`;
  return formatNumber(tokens);
}

/** "21.0 s" or "850 ms". */
export function formatLatency(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${formatNumber(ms)} ms`;
}

/** The extractor's name for people: "offline" or the model after "llm:". */
export function extractorLabel(extractor: string | null): string {
  if (!extractor) return 'not stored';
  return extractor.startsWith('llm:') ? extractor.slice(4) : extractor;
}
