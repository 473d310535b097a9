import { useQueries } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { PageHeader } from '../../components/PageHeader';
import { hashText } from '../../lib/hash';
import { plural, formatNumber } from '../../lib/format';
import { useDebounced } from '../../lib/useDebounced';
import { useNovelContext } from '../novels/NovelContext';
import { BookPreview } from './BookPreview';
import { FileTable, type FileItem } from './FileTable';
import { JobProgress } from './JobProgress';
import { chapterCount, chapterNumberProblem, compareFileNames, kindOfSplit, planSubmissions, submitLabel, type SourceItem } from './plan';
import { isFinished, splitQueryOptions, SubmissionError, useNovelJobs, useSubmitChapters } from './queries';
import { addSubmissions, useSessionSubmissions } from './sessionStore';
import { readSourceFile } from './readSourceFile';
import { RecentJobs } from './RecentJobs';
import { SourceInput } from './SourceInput';

let fileSerial = 0;

/** `/novels/:id/process`: paste or upload chapters (or a whole book) and follow their processing. */
export function ProcessPage() {
  const id = useId();
  const { novel } = useNovelContext();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<FileItem[]>([]);
  const [numberInput, setNumberInput] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [replace, setReplace] = useState(false);
  const submissions = useSessionSubmissions(novel.id);
  const submit = useSubmitChapters(novel.id);
  const novelJobs = useNovelJobs(novel.id);

  // The first free number: after the latest chapter and after anything still queued.
  const nextNumber = useMemo(() => {
    const queued = [
      ...(novelJobs.data ?? []).filter((job) => !isFinished(job.status)).map((job) => job.chapter_number),
      ...submissions.map((s) => s.firstNumber + s.jobIds.length - 1),
    ];
    return Math.max(novel.latest_chapter, ...queued) + 1;
  }, [novel.latest_chapter, novelJobs.data, submissions]);
  // The texts to process, each with the key its split preview is cached under.
  const debouncedText = useDebounced(text, 400);
  const sources: SourceItem[] = useMemo(() => {
    if (files.length > 0) {
      return files
        .filter((f) => f.status === 'ready' && (f.text !== undefined || f.document))
        .map((f) => ({ key: f.key, name: f.file.name, text: f.text ?? '', file: f.file, document: f.document }));
    }
    if (!debouncedText.trim()) return [];
    return [{ key: `paste:${hashText(debouncedText)}`, name: 'Pasted text', text: debouncedText }];
  }, [files, debouncedText]);

  const splits = useQueries({ queries: sources.map((s) => splitQueryOptions(s.key, s)) });
  const checking = new Set(sources.filter((_, i) => splits[i]?.isPending).map((s) => s.key));
  const splitErrors = sources.flatMap((s, i) =>
    splits[i]?.isError ? [{ key: s.key, name: s.name, document: Boolean(s.document), error: splits[i]?.error }] : [],
  );
  // A document the server cannot read cannot be sent at all; a text can still go as one chapter.
  const unreadableDocuments = new Map(
    splitErrors.filter((e) => e.document).map((e) => [e.key, e.error instanceof Error ? e.error.message : 'The file could not be read.']),
  );
  const withSplits = sources.flatMap((s, i) =>
    unreadableDocuments.has(s.key) ? [] : [{ ...s, split: splits[i]?.data?.chapters, dropped: splits[i]?.data?.dropped }],
  );
  // A whole book is always numbered from the next free chapter (the server decides so).
  const anyBook = withSplits.some((s) => kindOfSplit(s.split ?? []) === 'book');
  const firstNumber = anyBook || numberInput === null ? nextNumber : Number(numberInput);
  const plan = planSubmissions(withSplits, Number.isFinite(firstNumber) ? firstNumber : nextNumber, title);
  const planned = new Map(plan.map((p) => [p.key, p]));
  const total = plan.reduce((sum, p) => sum + chapterCount(p), 0);
  const single = plan.length === 1 && plan[0]?.kind === 'chapter';
  const books = plan.filter((p) => p.kind === 'book');

  const typing = files.length === 0 && text !== debouncedText;
  const reading = files.some((f) => f.status === 'reading');
  const unreadable = files.filter((f) => f.status === 'error');
  const numberProblem = chapterNumberProblem(firstNumber, nextNumber, single && replace);
  const ready =
    plan.length > 0 && checking.size === 0 && !typing && !reading && unreadable.length === 0 && unreadableDocuments.size === 0;
  const canSubmit = ready && !numberProblem && !submit.isPending;

  const addFiles = (picked: File[]) => {
    const added: FileItem[] = [...picked]
      .sort((a, b) => compareFileNames(a.name, b.name))
      .map((file) => ({ key: `file:${(fileSerial += 1)}:${file.name}`, file, status: 'reading' }));
    setFiles((list) => [...list, ...added].sort((a, b) => compareFileNames(a.file.name, b.file.name)));
    for (const item of added) {
      void readSourceFile(item.file).then((result) =>
        setFiles((list) =>
          list.map((f) => {
            if (f.key !== item.key) return f;
            if (!result.ok) return { ...f, status: 'error', error: result.error };
            return 'text' in result ? { ...f, status: 'ready', text: result.text } : { ...f, status: 'ready', document: true };
          }),
        ),
      );
    }
  };

  const reset = () => {
    setText('');
    setFiles([]);
    setTitle('');
    setReplace(false);
    setNumberInput(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    submit.mutate(
      { plan, replace: single && replace },
      {
        onSuccess: (queued) => {
          addSubmissions(novel.id, queued);
          reset();
        },
        onError: (error) => {
          if (error instanceof SubmissionError) addSubmissions(novel.id, error.queued);
        },
      },
    );
  };

  const submitError = submit.error instanceof SubmissionError ? submit.error : null;
  const sessionJobIds = new Set(submissions.flatMap((s) => s.jobIds));
  const pastedWords = debouncedText.trim() ? debouncedText.trim().split(/\s+/).length : 0;

  let verdict: string | null = null;
  if (typing || checking.size > 0 || reading) verdict = 'Checking whether this is one chapter or a whole book…';
  else if (books.length > 0 && files.length === 0) verdict = `This looks like a whole book: ${plural(total, 'chapter')} detected.`;
  else if (files.length > 1 || books.length > 0) verdict = `${plural(files.length, 'file')}, ${plural(total, 'chapter')} in all.`;
  else if (single && files.length === 0) verdict = `One chapter, ${plural(pastedWords, 'word')}.`;
  else if (single) verdict = 'One chapter.';

  return (
    <>
      <PageHeader title="Process chapters">
        <p>
          Add the next chapter, several chapter files, or a whole book. Chapters are read in order, and the wiki grows as
          each one finishes.
        </p>
      </PageHeader>

      <form className="process-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-source`}>
        <section className="card" aria-labelledby={`${id}-source`}>
          <h2 id={`${id}-source`} className="card__heading">
            Text
          </h2>
          {files.length > 0 && (
            <>
              <FileTable
                files={files}
                planned={planned}
                checking={checking}
                unreadable={unreadableDocuments}
                onRemove={(key) => setFiles((list) => list.filter((f) => f.key !== key))}
              />
              <p className="form__inline-actions">
                <button type="button" className="link-button" onClick={() => setFiles([])}>
                  Clear all files
                </button>
              </p>
            </>
          )}
          <SourceInput text={text} onTextChange={setText} onFiles={addFiles} hasFiles={files.length > 0} />
        </section>

        <section className="card" aria-labelledby={`${id}-check`}>
          <h2 id={`${id}-check`} className="card__heading">
            Check and process
          </h2>
          {plan.length === 0 && !typing && !reading ? (
            <p className="muted">Paste some text or choose files above; Continuum will check whether it is one chapter or a whole book.</p>
          ) : (
            <p className="verdict" aria-live="polite">
              {verdict}
            </p>
          )}
          {splitErrors.map(({ key, name, document, error }) => (
            <ErrorNotice
              key={key}
              error={error}
              title={document ? `Could not read “${name}”; remove it or choose another file` : `Could not check “${name}”; it will be sent as one chapter`}
            />
          ))}
          {books.length === 1 && ready && books[0] && <BookPreview book={books[0]} />}

          <div className="form__row">
            <div className="field field--narrow">
              <label htmlFor={`${id}-number`}>{single || plan.length === 0 ? 'Chapter number' : 'First chapter number'}</label>
              <input
                id={`${id}-number`}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                value={anyBook ? String(nextNumber) : (numberInput ?? String(nextNumber))}
                readOnly={anyBook}
                onChange={(event) => setNumberInput(event.target.value)}
                aria-invalid={plan.length > 0 && numberProblem ? true : undefined}
                aria-describedby={
                  plan.length > 0 && numberProblem ? `${id}-number-error` : anyBook ? `${id}-number-hint` : undefined
                }
              />
              {anyBook && (
                <p id={`${id}-number-hint`} className="field__hint">
                  A whole book continues from the next free chapter.
                </p>
              )}
            </div>
            {(single || plan.length === 0) && (
              <div className="field field--grow">
                <label htmlFor={`${id}-title`}>
                  Title <span className="field__optional">(optional)</span>
                </label>
                <input id={`${id}-title`} type="text" value={title} onChange={(event) => setTitle(event.target.value)} autoComplete="off" />
              </div>
            )}
          </div>
          {plan.length > 0 && numberProblem && (
            <p id={`${id}-number-error`} className="field__error">
              {numberProblem}
            </p>
          )}
          {single && firstNumber < nextNumber && (
            <label className="checkbox">
              <input type="checkbox" checked={replace} onChange={(event) => setReplace(event.target.checked)} />
              Replace chapter {formatNumber(firstNumber)} and re-read the chapters after it
            </label>
          )}

          {submitError && (
            <ErrorNotice
              error={submitError.cause}
              title={
                submitError.queued.length > 0
                  ? `“${submitError.failed.name}” was refused; the files before it were queued`
                  : `“${submitError.failed.name}” was refused`
              }
            />
          )}
          {submit.error && !submitError && <ErrorNotice error={submit.error} title="Nothing was queued" />}

          <div className="form__actions">
            <button type="submit" className="button button--primary" disabled={!canSubmit}>
              {submit.isPending ? 'Queuing…' : plan.length > 0 ? submitLabel(plan) : 'Process'}
            </button>
            {(text || files.length > 0) && (
              <button type="button" className="button" onClick={reset} disabled={submit.isPending}>
                Clear
              </button>
            )}
          </div>
        </section>
      </form>

      <section className="section" aria-labelledby={`${id}-progress`}>
        <h2 id={`${id}-progress`}>Progress</h2>
        {submissions.length === 0 ? (
          <p className="muted">Chapters you process appear here with their progress. You can keep browsing the wiki meanwhile.</p>
        ) : (
          <ul className="job-list">
            {submissions.map((submission) => (
              <JobProgress key={submission.jobIds[0] ?? submission.key} novelId={novel.id} submission={submission} />
            ))}
          </ul>
        )}
      </section>

      <section className="section" aria-labelledby={`${id}-recent`}>
        <h2 id={`${id}-recent`}>Earlier jobs</h2>
        <RecentJobs novelId={novel.id} exclude={sessionJobIds} />
      </section>
    </>
  );
}
