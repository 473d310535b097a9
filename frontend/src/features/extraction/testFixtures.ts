import type { ChapterCost } from '../../api/types';

/** A chapter read by an LLM, with a failed call and 27% of items dropped (tests override what they need). */
export function llmChapter(overrides: Partial<ChapterCost> = {}): ChapterCost {
  return {
    chapter: 3,
    title: 'Chapter III',
    stored: true,
    extractor: 'llm:openai/gpt-4o-mini',
    llm: true,
    calls: 5,
    failed_calls: 1,
    tokens_in: 15300,
    tokens_out: 3700,
    tokens_cached: 6144,
    cached_share: 0.4016,
    cost_usd: 0.004515,
    latency_ms: 21000,
    alignment: {
      returned: 58,
      aligned: 41,
      dropped: 15,
      invalid: 2,
      dropped_share: 0.2679,
      warning: true,
      passes: [{ pass_name: 'events', returned: 20, aligned: 12, dropped: 7, invalid: 1 }],
    },
    passes: [
      {
        pass_name: 'entities_events',
        model: 'openai/gpt-4o-mini',
        calls: 3,
        failed_calls: 1,
        tokens_in: 9000,
        tokens_out: 2000,
        tokens_cached: 4096,
        cost_usd: 0.0025,
        latency_ms: 12000,
      },
    ],
    ...overrides,
  };
}
