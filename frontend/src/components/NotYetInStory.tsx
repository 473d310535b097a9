import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/useDocumentTitle';

interface NotYetInStoryProps {
  cap: number;
  /** What is not there yet, e.g. "This character" or "Chapter 9". */
  what?: string;
  /** Replaces the default explanation. */
  message?: ReactNode;
  action?: ReactNode;
}

/**
 * The spoiler-safe answer to a 404 at a cap: it does not say whether the page exists later,
 * only that nothing is known of it by the chapter the reader has reached.
 */
export function NotYetInStory({ cap, what = 'This page', message, action }: NotYetInStoryProps) {
  useDocumentTitle(`Not yet in the story at chapter ${cap}`);
  return (
    <section className="not-yet" aria-labelledby="not-yet-heading">
      <p className="not-yet__eyebrow">Spoiler guard</p>
      <h1 id="not-yet-heading">Not yet in the story at chapter {cap}</h1>
      <p>
        {message ?? (
          <>
            {what} has not appeared by chapter {cap}. If you have read further, move the chapter slider forward;
            otherwise keep reading: no spoilers here.
          </>
        )}
      </p>
      {action && <div className="not-yet__action">{action}</div>}
    </section>
  );
}
