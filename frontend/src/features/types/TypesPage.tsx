import { useState } from 'react';
import type { Preset } from '../../api/types';
import { CapLink } from '../../cap/CapLink';
import { ErrorNotice } from '../../components/ErrorNotice';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { formatNumber, plural } from '../../lib/format';
import { novelPath } from '../../layout/navigation';
import { entityKinds, kindOfType, typeLabel } from '../entities/kinds';
import { useNovelContext } from '../novels/NovelContext';
import { AddTypeForm } from './AddTypeForm';
import { useApplyPreset, useTypes } from './queries';

function PresetCard({ preset, have, onApply, pending }: { preset: Preset; have: Set<string>; onApply: () => void; pending: boolean }) {
  const missing = preset.types.filter((t) => !have.has(t.name));
  return (
    <li className="card preset">
      <h3 className="preset__name">{preset.label}</h3>
      <p className="preset__types">{preset.types.map((t) => typeLabel(t.name)).join(' · ')}</p>
      <button type="button" className="button button--small" onClick={onApply} disabled={pending || missing.length === 0}>
        {missing.length === 0 ? 'Applied' : pending ? 'Applying…' : `Add ${plural(missing.length, 'type')}`}
      </button>
    </li>
  );
}

/** `/novels/:id/types`: the novel's entity types (core and custom), adding one, and genre presets. */
export function TypesPage() {
  const { novel, cap } = useNovelContext();
  const types = useTypes(novel.id, cap);
  const preset = useApplyPreset(novel.id, cap);
  const [applying, setApplying] = useState<string | null>(null);

  const data = types.data;
  const have = new Set(data?.types.map((t) => t.name) ?? []);
  return (
    <>
      <PageHeader title="Entity types">
        <p>
          Besides characters, places, factions and objects, a novel can track its own kinds of things: a magic system, a starship, a
          skill. Each custom type gets its own list in the wiki.
          {data?.genre && ` Genre: ${typeLabel(data.genre)}.`}
        </p>
      </PageHeader>
      {types.isPending ? (
        <Skeleton label="Loading the types…" rows={3} variant="lines" />
      ) : types.isError ? (
        <ErrorNotice error={types.error} title="Could not load the types" onRetry={() => void types.refetch()} />
      ) : data ? (
        <>
          <section className="section" aria-labelledby="types-heading">
            <h2 id="types-heading">Types in this novel</h2>
            <div className="table-wrap">
              <table className="data-table types-table">
                <caption className="visually-hidden">Entity types with their counts at chapter {cap}</caption>
                <thead>
                  <tr>
                    <th scope="col">Type</th>
                    <th scope="col" className="types-table__description">
                      Description
                    </th>
                    <th scope="col" className="num">
                      At ch. {cap}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.types.map((type) => {
                    const kind = kindOfType(type.name);
                    const to = novelPath(novel.id, kind ?? `types/${encodeURIComponent(type.name)}`);
                    return (
                      <tr key={type.name}>
                        <td>
                          <CapLink to={to}>{kind ? entityKinds[kind].title : typeLabel(type.name)}</CapLink>{' '}
                          {type.core ? (
                            <span className="badge badge--muted">Core</span>
                          ) : (
                            <span className="badge badge--accent">{type.preset ? typeLabel(type.preset) : 'Custom'}</span>
                          )}
                          {type.description && <span className="types-table__inline-description">{type.description}</span>}
                        </td>
                        <td className="types-table__description">{type.description || <span className="muted">No description</span>}</td>
                        <td className="num">{formatNumber(type.entity_count)}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </section>
          <div className="two-columns">
            <section className="card" aria-label="Add a type">
              <AddTypeForm novelId={novel.id} cap={cap} existing={[...have]} />
            </section>
            <section className="card" aria-labelledby="presets-heading">
              <h3 id="presets-heading" className="card__heading">
                Genre presets
              </h3>
              <p className="muted">Add a genre’s usual types in one go. Types the novel has already are kept.</p>
              {preset.isError && <ErrorNotice error={preset.error} title="The preset was not applied" />}
              <ul className="preset-list">
                {data.presets.map((p) => (
                  <PresetCard
                    key={p.key}
                    preset={p}
                    have={have}
                    pending={preset.isPending && applying === p.key}
                    onApply={() => {
                      setApplying(p.key);
                      preset.mutate(p.key);
                    }}
                  />
                ))}
              </ul>
            </section>
          </div>
        </>
      ) : null}
    </>
  );
}
