import type { EntityRef } from '../api/types';
import { CapLink } from '../cap/CapLink';
import { novelPath } from '../layout/navigation';

/** A link to an entity's page, keeping the cap. */
export function EntityLink({ novelId, entity, className }: { novelId: string; entity: EntityRef; className?: string }) {
  return (
    <CapLink to={novelPath(novelId, `entities/${entity.id}`)} className={className} data-entity-type={entity.type}>
      {entity.name}
    </CapLink>
  );
}

/** Entities as small linked chips (who is involved, who is present). */
export function EntityChips({ novelId, entities, label }: { novelId: string; entities: EntityRef[]; label?: string }) {
  if (entities.length === 0) return null;
  const unique = entities.filter((entity, index) => entities.findIndex((other) => other.id === entity.id) === index);
  return (
    <ul className="chip-list chip-list--small" aria-label={label}>
      {unique.map((entity) => (
        <li key={entity.id}>
          <EntityLink novelId={novelId} entity={entity} className={`chip chip--${entity.type}`} />
        </li>
      ))}
    </ul>
  );
}
