import type { ReactNode } from 'react';
import { formatNumber, plural } from '../../lib/format';
import type { PlannedSubmission } from './plan';
import { numbersOf } from './plan';

export interface FileItem {
  key: string;
  file: File;
  status: 'reading' | 'ready' | 'error';
  text?: string;
  /** A document (.docx, .epub, …) the server reads; it has no text here. */
  document?: boolean;
  error?: string;
}

interface FileTableProps {
  files: FileItem[];
  /** Planned submissions by file key (absent while the file is read or checked). */
  planned: Map<string, PlannedSubmission>;
  checking: Set<string>;
  /** Documents the server could not read, with its reason. */
  unreadable: Map<string, string>;
  onRemove: (key: string) => void;
}

function sizeLabel(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${formatNumber(Math.round(bytes / 1024))} KB`;
}

/** The chosen files in processing order, what each looks like, and the chapter numbers they will get. */
export function FileTable({ files, planned, checking, unreadable, onRemove }: FileTableProps) {
  return (
    <div className="table-wrap">
      <table className="data-table file-table">
        <caption className="visually-hidden">Files to process, in order</caption>
        <thead>
          <tr>
            <th scope="col">File</th>
            <th scope="col">Looks like</th>
            <th scope="col">Chapter</th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {files.map((item) => {
            const plan = planned.get(item.key);
            let kind: ReactNode = <span className="muted">Reading…</span>;
            const refused = item.status === 'error' ? item.error : unreadable.get(item.key);
            if (refused) kind = <span className="field__error">{refused}</span>;
            else if (checking.has(item.key)) kind = <span className="muted">Checking…</span>;
            else if (plan?.kind === 'book') kind = `A whole book: ${plural(plan.chapters.length, 'chapter')}`;
            else if (plan?.kind === 'chapter' && plan.title) kind = `One chapter: ${plan.title}`;
            else if (plan) kind = 'One chapter';
            const [first, last] = plan ? numbersOf(plan) : [0, 0];
            return (
              <tr key={item.key}>
                <td>
                  <span className="file-table__name">{item.file.name}</span>
                  <span className="file-table__size">{sizeLabel(item.file.size)}</span>
                </td>
                <td>{kind}</td>
                <td className="file-table__numbers">{plan ? (first === last ? first : `${first}–${last}`) : '—'}</td>
                <td className="file-table__remove">
                  <button type="button" className="link-button" onClick={() => onRemove(item.key)} aria-label={`Remove ${item.file.name}`}>
                    Remove
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
