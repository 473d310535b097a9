import type { SplitChapter } from '../../api/types';

/** What the split preview said about one text: a whole book (≥ 2 chapters) or one chapter. */
export type SourceKind = 'book' | 'chapter';

export function kindOfSplit(chapters: readonly SplitChapter[]): SourceKind {
  return chapters.length >= 2 ? 'book' : 'chapter';
}

/** One text waiting to be processed: pasted, read from a .txt file, or a document the server converts. */
export interface SourceItem {
  key: string;
  /** The file name, or "Pasted text". */
  name: string;
  /** The text (empty for a document: the server reads the file itself). */
  text: string;
  file?: File;
  /** A .docx, .epub, .md, … sent as a file, split by its own structure. */
  document?: boolean;
  /** The split preview, once it has answered. */
  split?: SplitChapter[];
  /** What the preview left out of a document (contents, copyright, …). */
  dropped?: string[];
}

export type PlannedSubmission =
  | {
      kind: 'chapter';
      key: string;
      name: string;
      number: number;
      title: string | null;
      text: string;
      file?: File;
    }
  | {
      kind: 'book';
      key: string;
      name: string;
      firstNumber: number;
      chapters: SplitChapter[];
      text: string;
      /** A document is sent as its file, not as text. */
      file?: File;
      dropped: string[];
    };

export function chapterCount(submission: PlannedSubmission): number {
  return submission.kind === 'book' ? submission.chapters.length : 1;
}

export function numbersOf(submission: PlannedSubmission): [first: number, last: number] {
  return submission.kind === 'book'
    ? [submission.firstNumber, submission.firstNumber + submission.chapters.length - 1]
    : [submission.number, submission.number];
}

/**
 * Turns the texts into submissions, numbered one after the other from `firstNumber`.
 * A text the splitter cut into two or more chapters goes to `/book`; any other text is one
 * chapter. The typed title applies when there is a single chapter; otherwise each chapter
 * keeps the title detected in its own text.
 */
export function planSubmissions(items: readonly SourceItem[], firstNumber: number, title = ''): PlannedSubmission[] {
  const single = items.length === 1 && kindOfSplit(items[0]?.split ?? []) === 'chapter';
  let next = firstNumber;
  return items.map((item) => {
    const split = item.split ?? [];
    if (kindOfSplit(split) === 'book') {
      const planned: PlannedSubmission = {
        kind: 'book',
        key: item.key,
        name: item.name,
        firstNumber: next,
        chapters: split,
        text: item.text,
        file: item.document ? item.file : undefined,
        dropped: item.dropped ?? [],
      };
      next += split.length;
      return planned;
    }
    const typed = single ? title.trim() : '';
    const planned: PlannedSubmission = {
      kind: 'chapter',
      key: item.key,
      name: item.name,
      number: next,
      title: typed || split[0]?.title?.trim() || null,
      text: item.text,
      file: item.file,
    };
    next += 1;
    return planned;
  });
}

/** The label of the submit button: "Process chapter 4" or "Process 12 chapters". */
export function submitLabel(plan: readonly PlannedSubmission[]): string {
  const total = plan.reduce((sum, p) => sum + chapterCount(p), 0);
  if (total === 1 && plan[0]?.kind === 'chapter') return `Process chapter ${plan[0].number}`;
  return `Process ${total} chapters`;
}

/** Orders files as a person would: "chapter 2" before "chapter 10". */
export function compareFileNames(a: string, b: string): number {
  return a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });
}

/**
 * Why a chapter number cannot be used, or null. `next` is the first free number (the latest
 * chapter or queued chapter, plus one); numbers below it exist and need `replace`.
 */
export function chapterNumberProblem(number: number, next: number, replace: boolean): string | null {
  if (!Number.isInteger(number) || number < 1) return 'Enter a chapter number of 1 or more.';
  if (number > next) return `Chapters must follow on without a gap: the next chapter is ${next}.`;
  if (number < next && !replace) return `Chapter ${number} already exists. Tick “Replace” to process it again.`;
  return null;
}
