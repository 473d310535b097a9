import type { EntitySummary } from '../../api/types';
import { CapLink } from '../../cap/CapLink';
import { formatNumber } from '../../lib/format';
import { novelPath } from '../../layout/navigation';
import { displayAliases } from './aliases';

/** One character, location, faction or object in a wiki list. */
export function EntityCard({ novelId, entity }: { novelId: string; entity: EntitySummary }) {
  const aliases = displayAliases(entity.name, entity.aliases);
  return (
    <article className="card entity-card">
      <h2 className="entity-card__name">
        <CapLink to={novelPath(novelId, `entities/${entity.id}`)} className="card__link">
          {entity.name}
        </CapLink>
      </h2>
      {aliases.length > 0 ? (
        <p className="entity-card__aliases">
          <span className="visually-hidden">Also known as: </span>
          {aliases.join(' · ')}
        </p>
      ) : (
        <p className="entity-card__aliases entity-card__aliases--none">No other names</p>
      )}
      <dl className="entity-card__facts">
        <div>
          <dt>First seen</dt>
          <dd>Chapter {entity.first_chapter}</dd>
        </div>
        <div>
          <dt>Mentions</dt>
          <dd>{formatNumber(entity.mention_count)}</dd>
        </div>
      </dl>
    </article>
  );
}
