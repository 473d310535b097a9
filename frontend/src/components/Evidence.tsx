import type { ReactNode } from 'react';
import { CapLink } from '../cap/CapLink';
import { novelPath } from '../layout/navigation';

interface EvidenceProps {
  novelId: string;
  /** The chapter the quote comes from; linked when the reader has reached it. */
  chapter?: number | null;
  quote?: string | null;
  /** When false the chapter is named but not linked. */
  link?: boolean;
  /** Link to the chapter read as of itself (`?cap=N`): for author pages that ignore the reader's cap. */
  pinCap?: boolean;
  label?: ReactNode;
}

/** A verbatim quote from the text with its chapter: the evidence behind a fact. */
export function Evidence({ novelId, chapter, quote, link = true, pinCap = false, label }: EvidenceProps) {
  if (!quote && !chapter) return null;
  return (
    <figure className="evidence">
      {quote ? <blockquote className="evidence__quote">{quote}</blockquote> : <p className="evidence__quote muted">No quote kept.</p>}
      <figcaption className="evidence__source">
        {label && <span className="evidence__label">{label} </span>}
        {chapter != null &&
          (link ? (
            <CapLink to={novelPath(novelId, `chapters/${chapter}${pinCap ? `?cap=${chapter}` : ''}`)}>Chapter {chapter}</CapLink>
          ) : (
            <span>Chapter {chapter}</span>
          ))}
      </figcaption>
    </figure>
  );
}
