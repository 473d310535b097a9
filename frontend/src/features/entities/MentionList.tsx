import type { Mention } from '../../api/types';
import { CapLink } from '../../cap/CapLink';
import { novelPath } from '../../layout/navigation';
import { splitAroundMention, trimToWords } from './highlight';

/** The context of a mention with the mention marked; text only, never HTML. */
export function MentionSentence({ mention }: { mention: Mention }) {
  // Line breaks inside the context render as spaces (normal white-space), so the offsets stay exact.
  const found = splitAroundMention(mention.context, mention.text, mention.start - mention.context_start);
  if (!found) return <>{mention.context || mention.text}</>;
  const parts = trimToWords(found, mention.context_start > 0);
  return (
    <>
      {parts.before}
      <mark>{parts.match}</mark>
      {parts.after}
    </>
  );
}

/** Sample mentions, each quoted in its context and linked to its chapter. */
export function MentionList({ novelId, mentions }: { novelId: string; mentions: Mention[] }) {
  const sorted = [...mentions].sort((a, b) => a.chapter - b.chapter || a.start - b.start);
  return (
    <ol className="mention-list">
      {sorted.map((mention) => (
        <li key={`${mention.chapter}:${mention.start}:${mention.end}`} className="mention">
          <CapLink to={novelPath(novelId, `chapters/${mention.chapter}`)} className="mention__chapter">
            Chapter {mention.chapter}
          </CapLink>
          <blockquote className="mention__sentence">
            <MentionSentence mention={mention} />
          </blockquote>
        </li>
      ))}
    </ol>
  );
}
