import type { TimelineEvent } from '../../api/types';
import { EntityChips, EntityLink } from '../../components/EntityLinks';
import { typeLabel } from '../entities/kinds';
import { MAJOR_IMPACT } from './group';

/** One event: its type, what happened, who did it to whom, and the words that say so. */
export function EventItem({ novelId, event }: { novelId: string; event: TimelineEvent }) {
  const others = event.involved.filter((entity) => entity.id !== event.subject?.id && entity.id !== event.object?.id);
  const major = event.impact >= MAJOR_IMPACT;
  return (
    <li className={`event${major ? ' event--major' : ''}`}>
      <div className="event__head">
        <span className={`type-chip type-chip--${event.type}`}>{typeLabel(event.type)}</span>
        {major && <span className="badge badge--accent">Major</span>}
        <p className="event__summary">{event.summary}</p>
      </div>
      {(event.subject || event.object) && (
        <p className="event__svo">
          {event.subject ? <EntityLink novelId={novelId} entity={event.subject} /> : <span className="muted">someone</span>}
          <span className="event__verb"> {event.verb} </span>
          {event.object && <EntityLink novelId={novelId} entity={event.object} />}
        </p>
      )}
      {others.length > 0 && <EntityChips novelId={novelId} entities={others} label="Also involved" />}
      {event.evidence_quote && <blockquote className="event__quote">{event.evidence_quote}</blockquote>}
    </li>
  );
}
