import type { EntityDetail, EntityState } from '../../api/types';
import { CapLink } from '../../cap/CapLink';
import { chapterRuns, plural } from '../../lib/format';
import { novelPath } from '../../layout/navigation';
import { displayAliases } from './aliases';
import { StateRows } from './EntityStateSections';
import { typeLabel } from './kinds';

/** The wiki infobox: type, state at the cap, first chapter, the chapters they tell as "I", other names and how often the entity is mentioned. */
export function EntityInfobox({ novelId, entity, state }: { novelId: string; entity: EntityDetail; state?: EntityState }) {
  const aliases = displayAliases(entity.name, entity.aliases);
  const total = entity.appearances.reduce((sum, a) => sum + a.mentions, 0);
  const chapters = entity.appearances.filter((a) => a.mentions > 0).length;
  return (
    <aside className="infobox" aria-label={`About ${entity.name}`}>
      <p className="infobox__name">{entity.name}</p>
      <dl>
        <div>
          <dt>Type</dt>
          <dd>{typeLabel(entity.type)}</dd>
        </div>
        {state && <StateRows novelId={novelId} state={state} />}
        <div>
          <dt>First appears</dt>
          <dd>
            <CapLink to={novelPath(novelId, `chapters/${entity.first_chapter}`)}>Chapter {entity.first_chapter}</CapLink>
          </dd>
        </div>
        {entity.narrates && entity.narrates.length > 0 && (
          <div>
            <dt>Tells the story</dt>
            <dd>
              In the first person, {entity.narrates.length === 1 ? 'chapter' : 'chapters'}{' '}
              {chapterRuns(entity.narrates).map((run, i, all) => (
                <span key={run}>
                  <span className="infobox__run">{run}</span>
                  {i < all.length - 2 ? ', ' : i === all.length - 2 ? ' and ' : ''}
                </span>
              ))}
            </dd>
          </div>
        )}
        <div>
          <dt>Also known as</dt>
          <dd>
            {aliases.length > 0 ? (
              <ul className="infobox__aliases">
                {aliases.map((alias) => (
                  <li key={alias}>{alias}</li>
                ))}
              </ul>
            ) : (
              <span className="muted">No other names yet</span>
            )}
          </dd>
        </div>
        <div>
          <dt>Mentions</dt>
          <dd>
            {plural(total, 'mention')} in {plural(chapters, 'chapter')}
          </dd>
        </div>
      </dl>
    </aside>
  );
}
