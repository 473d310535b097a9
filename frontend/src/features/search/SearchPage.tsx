import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { SearchMode } from '../../api/types';
import { EmptyState } from '../../components/EmptyState';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Icon } from '../../components/Icon';
import { NoChaptersYet } from '../../components/NoChaptersYet';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { plural } from '../../lib/format';
import { useNovelContext } from '../novels/NovelContext';
import { useSearch } from './queries';
import { SearchHitItem } from './SearchHitItem';

const modes: { value: SearchMode; label: string; hint: string }[] = [
  { value: 'hybrid', label: 'Best match', hint: 'words and meaning together' },
  { value: 'bm25', label: 'Exact words', hint: 'full-text search' },
  { value: 'dense', label: 'Similar meaning', hint: 'sentence embeddings' },
];

/** "Chapter 7", "Chapters 5–8", "Chapters 2, 5 and 9" (runs of numbers joined with a dash). */
export function chapterList(numbers: number[]): string {
  const runs: string[] = [];
  for (let i = 0; i < numbers.length; ) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === (numbers[j] ?? 0) + 1) j += 1;
    runs.push(j > i ? `${numbers[i]}–${numbers[j]}` : `${numbers[i]}`);
    i = j + 1;
  }
  const joined = runs.length > 1 ? `${runs.slice(0, -1).join(', ')} and ${runs[runs.length - 1]}` : (runs[0] ?? '');
  return `${numbers.length === 1 ? 'Chapter' : 'Chapters'} ${joined}`;
}

function parseMode(raw: string | null): SearchMode {
  return raw === 'bm25' || raw === 'dense' ? raw : 'hybrid';
}

/** `/novels/:id/search?q=&mode=`: passages, scenes, events and entries from chapters up to the cap. */
export function SearchPage() {
  const id = useId();
  const { novel, cap, latest } = useNovelContext();
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const mode = parseMode(params.get('mode'));
  const [draft, setDraft] = useState(q);
  const search = useSearch(novel.id, q, mode, cap);

  // Back and forward move through searches: keep the box in step with the URL.
  useEffect(() => setDraft(q), [q]);

  const update = (next: { q?: string; mode?: SearchMode }) =>
    setParams((previous) => {
      const out = new URLSearchParams(previous);
      const nextQ = next.q ?? q;
      const nextMode = next.mode ?? mode;
      if (nextQ) out.set('q', nextQ);
      else out.delete('q');
      if (nextMode === 'hybrid') out.delete('mode');
      else out.set('mode', nextMode);
      return out;
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update({ q: draft.trim().slice(0, 500) });
  };

  if (latest < 1) {
    return (
      <>
        <PageHeader title="Search" />
        <NoChaptersYet novelId={novel.id} />
      </>
    );
  }

  const results = search.data;
  const indexing = results?.indexing ?? [];
  return (
    <>
      <PageHeader title="Search">
        <p>Search the text, scenes, events and names of chapters 1 to {cap}. Nothing from later chapters is searched.</p>
      </PageHeader>
      <form className="search-form" role="search" onSubmit={onSubmit}>
        <div className="search-field search-field--large">
          <label htmlFor={`${id}-q`} className="visually-hidden">
            Search the story
          </label>
          <Icon name="search" size={18} />
          <input
            id={`${id}-q`}
            type="search"
            placeholder="A name, a place, “a ball at Netherfield”…"
            value={draft}
            maxLength={500}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <div className="select-field">
          <label htmlFor={`${id}-mode`}>Match</label>
          <select id={`${id}-mode`} value={mode} onChange={(event) => update({ mode: parseMode(event.target.value) })}>
            {modes.map((option) => (
              <option key={option.value} value={option.value} title={option.hint}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--primary" disabled={!draft.trim()}>
          Search
        </button>
      </form>

      {!q ? (
        <EmptyState title="Type something to search for">
          <p>Results come only from the chapters you have reached (chapter {cap}); matched words are highlighted.</p>
        </EmptyState>
      ) : search.isPending ? (
        <Skeleton label="Searching…" rows={4} variant="lines" />
      ) : search.isError ? (
        <ErrorNotice error={search.error} title="The search failed" onRetry={() => void search.refetch()} />
      ) : !results || results.hits.length === 0 ? (
        <EmptyState title={`Nothing found for “${q}”`}>
          <p>
            Nothing in chapters 1 to {cap} matches. Try other words{mode === 'bm25' ? ', or “Best match” to search by meaning too' : ''}.
          </p>
        </EmptyState>
      ) : (
        <section aria-labelledby={`${id}-results`} className={search.isFetching ? 'is-refreshing' : undefined}>
          <h2 id={`${id}-results`} className="result-count">
            {plural(results.hits.length, 'result')} for “{results.query}” up to chapter {results.cap}
          </h2>
          {!results.dense_available && mode !== 'bm25' && (
            <p className="notice notice--info">Meaning search is not available on this server; these results match the words only.</p>
          )}
          {results.dense_available && mode !== 'bm25' && indexing.length > 0 && (
            <p className="notice notice--info">
              {chapterList(indexing)} {indexing.length === 1 ? 'is' : 'are'} still being indexed for search: results from{' '}
              {indexing.length === 1 ? 'it match' : 'them match'} the words only, for now.
            </p>
          )}
          <ol className="search-results">
            {results.hits.map((hit) => (
              <SearchHitItem key={`${hit.kind}:${hit.id}`} novelId={novel.id} hit={hit} />
            ))}
          </ol>
        </section>
      )}
    </>
  );
}
