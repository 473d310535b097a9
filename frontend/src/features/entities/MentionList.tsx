import type { Mention } from '../../api/types';
import { CapLink } from '../../cap/CapLink';
import { novelPath } from '../../layout/navigation';
import { splitAroundMention } from './highlight';

/** The sentence of a mention with the mention marked; text only, never HTML. */
export function MentionSentence({ mention }: { mention: Mention }) {
  const parts = splitAroundMention(mention.sentence, mention.text);
  if (!parts) return <>{mention.sentence || mention.text}</>;
  return (
    <>
      {parts.before}
      <mark>{parts.match}</mark>
      {parts.after}
    </>
  );
}

/** Sample mentions, each quoted with its sentence and linked to its chapter. */
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
