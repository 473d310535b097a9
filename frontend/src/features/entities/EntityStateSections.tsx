import type { EntityRef, EntityState, RelationshipRow } from '../../api/types';
import { CapLink } from '../../cap/CapLink';
import { EntityLink } from '../../components/EntityLinks';
import { Evidence } from '../../components/Evidence';
import { novelPath } from '../../layout/navigation';
import { predicateLabel } from '../canon/canonForm';

function Party({ novelId, entity, self }: { novelId: string; entity: EntityRef; self: string }) {
  return entity.id === self ? <strong>{entity.name}</strong> : <EntityLink novelId={novelId} entity={entity} />;
}

function Tie({ novelId, row, self }: { novelId: string; row: RelationshipRow; self: string }) {
  return (
    <li className="tie">
      <p className="tie__line">
        <Party novelId={novelId} entity={row.source} self={self} /> <span className="tie__label">{row.label}</span>{' '}
        <Party novelId={novelId} entity={row.target} self={self} />
      </p>
      <p className="tie__meta">
        Since <CapLink to={novelPath(novelId, `chapters/${row.from_chapter}`)}>chapter {row.from_chapter}</CapLink>
        {row.tone && <span> · {row.tone}</span>}
        {row.tension != null && row.tension >= 0.5 && <span> · strained</span>}
      </p>
      {row.evidence_quote && <blockquote className="tie__quote">{row.evidence_quote}</blockquote>}
    </li>
  );
}

/** The state sections of an entity page: ties in force, what they know, canon facts. */
export function EntityStateSections({ novelId, state, cap }: { novelId: string; state: EntityState; cap: number }) {
  const self = state.entity.id;
  const name = state.entity.name;
  return (
    <>
      <section aria-labelledby="ties-heading" className="section">
        <h2 id="ties-heading">Relationships in force</h2>
        {state.relationships.length > 0 ? (
          <ul className="tie-list">
            {state.relationships.map((row) => (
              <Tie key={row.id} novelId={novelId} row={row} self={self} />
            ))}
          </ul>
        ) : (
          <p className="muted">No relationship involving {name} is in force at chapter {cap}.</p>
        )}
      </section>
      {state.entity.type === 'character' && (
        <section aria-labelledby="knows-heading" className="section">
          <h2 id="knows-heading">What {name} knows</h2>
          {state.knowledge.length > 0 ? (
            <ul className="knowledge-list">
              {state.knowledge.map((item, index) => (
                <li key={`${item.chapter}-${index}`} className="knowledge">
                  <p className="knowledge__fact">{item.fact.replace(/\s+/g, ' ')}</p>
                  <p className="knowledge__meta">
                    Learned in <CapLink to={novelPath(novelId, `chapters/${item.chapter}`)}>chapter {item.chapter}</CapLink>
                    {item.how && <span> · {item.how.replace(/_/g, ' ')}</span>}
                    {item.source && (
                      <span>
                        {' '}
                        from <EntityLink novelId={novelId} entity={item.source} />
                      </span>
                    )}
                    {item.certainty < 0.7 && <span> · uncertain</span>}
                  </p>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">Nothing {name} has learned has been recorded by chapter {cap}.</p>
          )}
        </section>
      )}
      <section aria-labelledby="canon-heading" className="section">
        <h2 id="canon-heading">Canon facts</h2>
        {state.canon.length > 0 ? (
          <ul className="fact-list">
            {state.canon.map((fact) => (
              <li key={fact.id} className={`fact${fact.current ? '' : ' fact--old'}`}>
                <span className="fact__predicate">{predicateLabel(fact.predicate)}</span>
                <span className="fact__value">{fact.value}</span>
                <span className="fact__meta">
                  chapter {fact.chapter}
                  {fact.locked && <span className="badge badge--lock">Locked</span>}
                  {!fact.current && <span className="badge badge--muted">Restated later</span>}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">No canon fact about {name} by chapter {cap}.</p>
        )}
        <p>
          <CapLink to={novelPath(novelId, 'canon')}>All canon facts</CapLink> (lock or edit them there)
        </p>
      </section>
    </>
  );
}

/** The status, place and holdings rows of the infobox. */
export function StateRows({ novelId, state }: { novelId: string; state: EntityState }) {
  const isPlace = state.entity.type === 'location';
  const isObject = state.entity.type === 'object';
  return (
    <>
      <div>
        <dt>Status</dt>
        <dd>
          {state.status ? (
            <>
              <span className={`status-word status-word--${state.status.status}`}>{predicateLabel(state.status.status)}</span>
              <span className="muted"> since chapter {state.status.since}</span>
              {state.status.evidence_quote && <Evidence novelId={novelId} quote={state.status.evidence_quote} chapter={state.status.since} />}
            </>
          ) : (
            <span className="muted">Nothing recorded</span>
          )}
        </dd>
      </div>
      {!isObject && (
        <div>
          <dt>{isPlace ? 'Lies in' : 'Where'}</dt>
          <dd>
            {state.location ? (
              <>
                <EntityLink novelId={novelId} entity={state.location.entity} />
                <span className="muted"> since chapter {state.location.since}</span>
              </>
            ) : (
              <span className="muted">Not known</span>
            )}
          </dd>
        </div>
      )}
      {!isObject && !isPlace && state.home && (
        <div>
          <dt>Lives at</dt>
          <dd>
            <EntityLink novelId={novelId} entity={state.home.entity} />
            <span className="muted"> since chapter {state.home.since}</span>
          </dd>
        </div>
      )}
      {isObject ? (
        <div>
          <dt>Held by</dt>
          <dd>
            {state.holder ? (
              <>
                <EntityLink novelId={novelId} entity={state.holder.entity} />
                <span className="muted"> since chapter {state.holder.since}</span>
              </>
            ) : (
              <span className="muted">No one, as far as we know</span>
            )}
          </dd>
        </div>
      ) : !isPlace ? (
        <div>
          <dt>Holds</dt>
          <dd>
            {state.holdings.length > 0 ? (
              <ul className="infobox__aliases">
                {state.holdings.map((item) => (
                  <li key={item.entity.id}>
                    <EntityLink novelId={novelId} entity={item.entity} />
                    <span className="muted"> (chapter {item.since})</span>
                  </li>
                ))}
              </ul>
            ) : (
              <span className="muted">Nothing recorded</span>
            )}
          </dd>
        </div>
      ) : null}
      {isPlace && (
        <div>
          <dt>Who is here</dt>
          <dd>
            {state.occupants.length > 0 ? (
              <ul className="infobox__aliases">
                {state.occupants.map((item) => (
                  <li key={item.entity.id}>
                    <EntityLink novelId={novelId} entity={item.entity} />
                  </li>
                ))}
              </ul>
            ) : (
              <span className="muted">No one recorded</span>
            )}
          </dd>
        </div>
      )}
    </>
  );
}
