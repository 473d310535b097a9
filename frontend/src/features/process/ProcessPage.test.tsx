import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Job } from '../../api/types';
import { json, makeNovel, mockApi, renderWithRouter, WithNovel } from '../../test/render';
import { ProcessPage } from './ProcessPage';
import { clearSubmissions } from './sessionStore';

const novel = makeNovel({ chapter_count: 0, latest_chapter: 0 });

function doneJob(id: string, chapter: number): Job {
  return {
    id,
    novel_id: novel.id,
    kind: 'chapter',
    chapter_number: chapter,
    title: null,
    status: 'done',
    attempts: 1,
    started_at: '2024-01-01T00:00:10Z',
    progress: 1,
    stage: null,
    error: null,
    created_at: '2024-01-01T00:00:00Z',
    finished_at: '2024-01-01T00:01:00Z',
  };
}

const BOOK = 'CHAPTER I.\n\nIt is a truth.\n\nCHAPTER II.\n\nMr. Bennet was among the earliest.\n\nCHAPTER III.\n\nNot all that Mrs. Bennet could ask.';
const CHAPTER = 'It is a truth universally acknowledged, that a single man in possession of a good fortune must be in want of a wife.';

/** What the search index reports: the chapters written so far, and those still pending. */
const searchIndex = { pending: [] as number[] };

/** The backend as the Process page sees it; the splitter finds headings like "CHAPTER II." */
function backend() {
  const jobChapters = new Map<string, number>();
  let serial = 0;
  return mockApi(async (request, url) => {
    const path = url.pathname;
    if (path === `/api/novels/${novel.id}/jobs`) return json([]);
    if (path === `/api/novels/${novel.id}/search-index`) {
      const written = Math.max(0, ...jobChapters.values());
      const { pending } = searchIndex;
      return json({ chapters: written, indexed: written - pending.length, pending, indexing: pending[0] ?? null, failed: [] });
    }
    if (path === '/api/books/split') {
      if ((request.headers.get('content-type') ?? '').includes('multipart')) {
        const form = await request.text();
        if (form.includes('PK-broken')) return json({ detail: 'book.docx is damaged or incomplete (its zip archive cannot be read); save or export the Word document (.docx) again and upload the new file' }, 422);
        return json({
          format: 'docx',
          dropped: ['Contents', 'Copyright'],
          chapters: ['The Letter', 'The Ball', 'The Storm'].map((title, i) => ({ number: i + 1, title, word_count: 1200 + i, preview: `${title} begins.` })),
        });
      }
      const { text } = (await request.json()) as { text: string };
      const parts = text.split(/^CHAPTER [IVXL]+\.$/m).filter((part) => part.trim());
      return json({
        chapters: parts.map((part, i) => ({ number: i + 1, title: parts.length > 1 ? `Chapter ${i + 1}` : null, word_count: part.split(/\s+/).length, preview: part.trim().slice(0, 200) })),
      });
    }
    if (path === `/api/novels/${novel.id}/book`) {
      const multipart = (request.headers.get('content-type') ?? '').includes('multipart');
      const body = { first_number: 1, ...(multipart ? {} : ((await request.json()) as { text: string })) };
      const ids = [0, 1, 2].map((i) => {
        const id = `job-${(serial += 1)}`;
        jobChapters.set(id, body.first_number + i);
        return id;
      });
      return json({ job_ids: ids, chapters: 3 }, 202);
    }
    if (path === `/api/novels/${novel.id}/chapters` && request.method === 'POST') {
      const id = `job-${(serial += 1)}`;
      jobChapters.set(id, 1);
      return json({ job_id: id }, 202);
    }
    const job = /^\/api\/jobs\/(.+)$/.exec(path);
    if (job?.[1]) return json(doneJob(job[1], jobChapters.get(job[1]) ?? 1));
    return undefined;
  });
}

function renderPage() {
  return renderWithRouter(
    <WithNovel novel={novel}>
      <ProcessPage />
    </WithNovel>,
    { url: `/novels/${novel.id}/process` },
  );
}

afterEach(() => {
  clearSubmissions();
  searchIndex.pending = [];
});

describe('ProcessPage', () => {
  it('recognises a whole book, previews its chapters, queues it with /book and follows both phases', async () => {
    const calls = backend();
    searchIndex.pending = [3];
    const user = userEvent.setup();
    renderPage();

    await user.click(screen.getByLabelText('Chapter text'));
    await user.paste(BOOK);

    const submit = await screen.findByRole('button', { name: 'Process 3 chapters' }, { timeout: 3000 });
    expect(screen.getByText('This looks like a whole book: 3 chapters detected.')).toBeInTheDocument();
    const preview = screen.getByRole('table', { name: /Chapters detected/ });
    expect(within(preview).getAllByRole('row')).toHaveLength(4);
    expect(within(preview).getByText('Chapter 2')).toBeInTheDocument();
    expect(screen.getByLabelText('First chapter number')).toHaveValue(1);

    await user.click(submit);

    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/book'))).toBe(true));
    const bookCall = calls.find((c) => c.path.endsWith('/book'));
    expect(bookCall?.body).toEqual({ text: BOOK });
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/chapters'))).toBe(false);
    expect(await screen.findByText('All 3 chapters read: the wiki includes them all.', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText('Chapters 1–3')).toBeInTheDocument();
    // Read, not yet searchable: the second phase says how far indexing is and what search does meanwhile.
    expect(
      await screen.findByText('2 of 3 chapters indexed (now chapter 3). Until then, search finds them by their words.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Indexing for search')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Indexed for search' })).toHaveAttribute('aria-valuenow', '67');
    searchIndex.pending = [];
    expect(await screen.findByText('Search covers all 3 chapters.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Done')).toBeInTheDocument();
  });

  it('sends a single chapter to /chapters with its number and title', async () => {
    const calls = backend();
    const user = userEvent.setup();
    renderPage();

    await user.click(screen.getByLabelText('Chapter text'));
    await user.paste(CHAPTER);
    await user.type(screen.getByLabelText(/Title/), 'A truth');

    const submit = await screen.findByRole('button', { name: 'Process chapter 1' }, { timeout: 3000 });
    expect(screen.queryByRole('table', { name: /Chapters detected/ })).not.toBeInTheDocument();
    await user.click(submit);

    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/chapters'))).toBe(true));
    const chapterCall = calls.find((c) => c.method === 'POST' && c.path.endsWith('/chapters'));
    expect(chapterCall?.body).toEqual({ number: 1, title: 'A truth', text: CHAPTER, replace: false });
    expect(calls.some((c) => c.path.endsWith('/book'))).toBe(false);
    expect(await screen.findByText('Read. The wiki now includes this chapter.', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(await screen.findByText('Search covers this chapter.', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it('uploads a chapter file as multipart form data', async () => {
    const calls = backend();
    const user = userEvent.setup();
    const { container } = renderPage();

    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File([CHAPTER], 'chapter-01.txt', { type: 'text/plain' }));

    expect(await screen.findByText('chapter-01.txt')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Process chapter 1' }, { timeout: 3000 }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/chapters'))).toBe(true));
    const upload = calls.find((c) => c.method === 'POST' && c.path.endsWith('/chapters'));
    // (jsdom's File is not undici's, so the file name is lost on the way; browsers keep it.)
    expect(String(upload?.body)).toMatch(/name="file"; filename=/);
    expect(String(upload?.body)).toContain(CHAPTER);
    expect(String(upload?.body)).toMatch(/name="number"\r\n\r\n1\r\n/);
  });

  it('previews a Word file’s chapters and what it left out, then sends the file to /book', async () => {
    const calls = backend();
    const user = userEvent.setup();
    const { container } = renderPage();
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File(['PK-docx-bytes'], 'book.docx'));

    const submit = await screen.findByRole('button', { name: 'Process 3 chapters' }, { timeout: 3000 });
    const preview = screen.getByRole('table', { name: /Chapters detected in book.docx/ });
    expect(within(preview).getByText('The Ball')).toBeInTheDocument();
    expect(within(preview).getByText('1,201')).toBeInTheDocument();
    expect(screen.getByText('Left out as front or back matter: Contents, Copyright.')).toBeInTheDocument();
    expect(screen.getByText('A whole book: 3 chapters')).toBeInTheDocument();
    const split = calls.find((c) => c.path === '/api/books/split');
    expect(String(split?.body)).toMatch(/name="file"; filename=/);

    await user.click(submit);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/book'))).toBe(true));
    const book = calls.find((c) => c.path.endsWith('/book'));
    expect(String(book?.body)).toMatch(/name="file"; filename=/);
    expect(String(book?.body)).toContain('PK-docx-bytes');
  });

  it('shows why a document cannot be read and sends nothing', async () => {
    const calls = backend();
    const user = userEvent.setup();
    const { container } = renderPage();
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File(['PK-broken'], 'book.docx'));

    expect(await screen.findByText('Could not read “book.docx”; remove it or choose another file', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getAllByText(/book.docx is damaged or incomplete/).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /Process/ })).toBeDisabled();
    expect(calls.some((c) => c.path.endsWith('/book') || (c.method === 'POST' && c.path.endsWith('/chapters')))).toBe(false);
  });

  it('refuses a kind of file it cannot read, naming those it can', async () => {
    backend();
    const user = userEvent.setup({ applyAccept: false });
    const { container } = renderPage();
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File(['%PDF-1.7'], 'book.pdf'));
    expect(await screen.findByText('Continuum reads .txt, .md, .html, .docx, .odt, .rtf and .epub files.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Process/ })).toBeDisabled();
  });

  it('refuses a file that is not text, in plain words', async () => {
    backend();
    const user = userEvent.setup({ applyAccept: false });
    const { container } = renderPage();
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2])], 'cover.txt'));
    expect(await screen.findByText('This looks like a binary file, not text.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Process/ })).toBeDisabled();
  });

  it('shows the server’s reason when a chapter is refused', async () => {
    mockApi(async (_request, url) => {
      if (url.pathname.endsWith('/jobs')) return json([]);
      if (url.pathname === '/api/books/split') return json({ chapters: [{ number: 1, title: null, word_count: 20, preview: 'x' }] });
      if (url.pathname.endsWith('/chapters')) return json({ detail: 'Chapter 1 already exists; send replace=true to process it again.' }, 409);
      return undefined;
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByLabelText('Chapter text'));
    await user.paste(CHAPTER);
    await user.click(await screen.findByRole('button', { name: 'Process chapter 1' }, { timeout: 3000 }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Chapter 1 already exists; send replace=true to process it again.');
    expect(alert).not.toHaveTextContent('{');
  });
});
