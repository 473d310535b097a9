import { formatNumber } from '../../lib/format';
import type { PlannedSubmission } from './plan';

type BookSubmission = Extract<PlannedSubmission, { kind: 'book' }>;

/** The chapters the splitter found in a whole book, with the numbers they will get. */
export function BookPreview({ book }: { book: BookSubmission }) {
  return (
    <>
      {book.dropped.length > 0 && (
        <p className="muted book-preview__dropped">Left out as front or back matter: {book.dropped.join(', ')}.</p>
      )}
      <div className="table-wrap table-wrap--scroll" tabIndex={0} aria-label={`Chapters detected in ${book.name}`}>
        <table className="data-table book-preview">
          <caption className="visually-hidden">Chapters detected in {book.name}</caption>
          <thead>
            <tr>
              <th scope="col" className="num">
                #
              </th>
              <th scope="col">Detected title</th>
              <th scope="col" className="num">
                Words
              </th>
              <th scope="col">Begins</th>
            </tr>
          </thead>
          <tbody>
            {book.chapters.map((chapter, index) => (
              <tr key={index}>
                <td className="num">{book.firstNumber + index}</td>
                <td>{chapter.title || <span className="muted">Untitled</span>}</td>
                <td className="num">{formatNumber(chapter.word_count)}</td>
                <td>
                  <p className="book-preview__text">{chapter.preview}</p>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
