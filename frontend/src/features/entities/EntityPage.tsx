import { useParams } from 'react-router';
import { isNotFound } from '../../api/errors';
import { CapLink } from '../../cap/CapLink';
import { ErrorNotice } from '../../components/ErrorNotice';
import { EmptyState } from '../../components/EmptyState';
import { Loading } from '../../components/Loading';
import { NoChaptersYet } from '../../components/NoChaptersYet';
import { NotYetInStory } from '../../components/NotYetInStory';
import { PageHeader } from '../../components/PageHeader';
import { novelPath } from '../../layout/navigation';
import { useNovelContext } from '../novels/NovelContext';
import { AppearanceChart } from './AppearanceChart';
import { EntityInfobox } from './EntityInfobox';
import { entityKinds, kindOfType, typeLabel } from './kinds';
import { MentionList } from './MentionList';
import { EntityStateSections } from './EntityStateSections';
import { useEntity, useEntityState } from './queries';
import { Skeleton } from '../../components/Skeleton';

/** `/novels/:id/entities/:eid`: one entity as known by the cap. */
export function EntityPage() {
  const { entityId = '' } = useParams();
  const { novel, cap, latest } = useNovelContext();
  const entity = useEntity(novel.id, entityId, cap);
  const state = useEntityState(novel.id, entityId, cap);

  if (latest < 1) return <NoChaptersYet novelId={novel.id} />;
  if (entity.isPending) return <Loading label="Loading the page…" />;
  if (entity.isError) {
    if (isNotFound(entity.error)) {
      return (
        <NotYetInStory
          cap={cap}
          what="What this page describes"
          action={
            <CapLink to={novelPath(novel.id, 'characters')} className="button">
              Back to the characters
            </CapLink>
          }
        />
      );
    }
    return <ErrorNotice error={entity.error} title="Could not load this page" onRetry={() => void entity.refetch()} />;
  }

  const data = entity.data;
  const kind = kindOfType(data.type);
  return (
    <article className="entity-page">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <CapLink to={novelPath(novel.id, kind ?? `types/${encodeURIComponent(data.type)}`)}>
          {kind ? entityKinds[kind].title : typeLabel(data.type)}
        </CapLink>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{data.name}</span>
      </nav>
      <PageHeader title={data.name} eyebrow={typeLabel(data.type)} />
      <div className="entity-page__layout">
        <EntityInfobox novelId={novel.id} entity={data} state={state.data} />
        <div className="entity-page__body">
          <section aria-labelledby="description-heading" className="section">
            <h2 id="description-heading">Description</h2>
            {data.description ? (
              <p className="prose">{data.description}</p>
            ) : (
              <p className="muted">No description has been gathered by chapter {cap} yet.</p>
            )}
          </section>
          {state.isPending ? (
            <Skeleton label="Loading what is known at this chapter…" rows={2} variant="lines" />
          ) : state.isError ? (
            isNotFound(state.error) ? null : (
              <ErrorNotice error={state.error} title="Could not load the state at this chapter" onRetry={() => void state.refetch()} />
            )
          ) : (
            <EntityStateSections novelId={novel.id} state={state.data} cap={cap} />
          )}
          <section aria-labelledby="appearances-heading" className="section">
            <h2 id="appearances-heading">Appearances by chapter</h2>
            <AppearanceChart appearances={data.appearances} cap={cap} />
            <p>
              <CapLink to={novelPath(novel.id, `timeline?entity=${data.id}`)}>Events involving {data.name}</CapLink>
            </p>
          </section>
          <section aria-labelledby="mentions-heading" className="section">
            <h2 id="mentions-heading">Sample mentions</h2>
            {data.mentions.length > 0 ? (
              <MentionList novelId={novel.id} mentions={data.mentions} />
            ) : (
              <EmptyState title="No quoted mentions">
                <p>No sentence naming {data.name} has been kept by chapter {cap}.</p>
              </EmptyState>
            )}
          </section>
        </div>
      </div>
    </article>
  );
}
