import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderWithRouter } from '../../test/render';
import { ChapterExtraction } from './ChapterExtraction';
import { llmChapter } from './testFixtures';

const NOVEL = '11111111-1111-1111-1111-111111111111';

function renderPanel(cap: number, number = 3) {
  return renderWithRouter(<ChapterExtraction novelId={NOVEL} number={number} cap={cap} />, { url: `/?cap=${cap}` });
}

describe('ChapterExtraction', () => {
  it('shows the extractor, calls, tokens, cached share and cost, and warns above 20% dropped', async () => {
    const calls = mockApi((_request, url) => (url.pathname.endsWith('/chapters/3/extraction') ? json(llmChapter()) : undefined));
    renderPanel(5);
    const panel = await screen.findByRole('region', { name: 'Extraction' });
    expect(await within(panel).findByText('openai/gpt-4o-mini')).toBeInTheDocument();
    expect(within(panel).getByText('(1 failed)')).toBeInTheDocument();
    expect(within(panel).getByText('15k / 3.7k')).toBeInTheDocument();
    expect(within(panel).getByText('40% of input')).toBeInTheDocument();
    expect(within(panel).getByText('$0.0045')).toBeInTheDocument();
    const warning = within(panel).getByRole('note', { name: 'Alignment warning' });
    expect(warning).toHaveTextContent('27% of items dropped — above 20%');
    expect(warning).toHaveTextContent('41 of 58 items the model returned had their evidence found in the text; 15 dropped (27%), 2 invalid.');
    expect(calls.map((c) => c.path)).toEqual([`/api/novels/${NOVEL}/chapters/3/extraction?cap=5`]);

    await userEvent.click(within(panel).getByText('Per pass'));
    const perCall = within(panel).getByRole('table', { name: 'LLM calls per pass group' });
    expect(within(perCall).getByText('entities_events')).toBeInTheDocument();
    expect(within(perCall).getByText('$0.0025')).toBeInTheDocument();
    const perPass = within(panel).getByRole('table', { name: 'Alignment per extraction pass' });
    expect(within(perPass).getByText('7 (37%)')).toBeInTheDocument();
  });

  it('shows no warning when few items were dropped', async () => {
    const alignment = { returned: 50, aligned: 45, dropped: 5, invalid: 0, dropped_share: 0.1, warning: false, passes: [] };
    mockApi(() => json(llmChapter({ alignment })));
    renderPanel(5);
    expect(await screen.findByText('45 of 50 items the model returned had their evidence found in the text; 5 dropped (10%).')).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('says an offline chapter cost nothing', async () => {
    mockApi(() =>
      json(llmChapter({ extractor: 'offline', llm: false, calls: 0, failed_calls: 0, cost_usd: 0, alignment: null, passes: [] })),
    );
    renderPanel(5);
    const line = await screen.findByText(/extractor — no LLM calls, \$0\./);
    expect(line).toHaveTextContent('Read by the offline extractor — no LLM calls, $0.');
    expect(screen.queryByText('Cost')).not.toBeInTheDocument();
  });

  it('never asks about a chapter past the cap', () => {
    const calls = mockApi(() => json(llmChapter()));
    renderPanel(2, 3);
    expect(calls).toHaveLength(0);
  });
});
