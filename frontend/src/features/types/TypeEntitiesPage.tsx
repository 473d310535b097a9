import { useParams } from 'react-router';
import { CapLink } from '../../cap/CapLink';
import { EmptyState } from '../../components/EmptyState';
import { ErrorNotice } from '../../components/ErrorNotice';
import { NoChaptersYet } from '../../components/NoChaptersYet';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { plural } from '../../lib/format';
import { novelPath } from '../../layout/navigation';
import { EntityCard } from '../entities/EntityCard';
import { typeLabel } from '../entities/kinds';
import { useNovelContext } from '../novels/NovelContext';
import { useEntitiesOfType, useTypes } from './queries';

/** `/novels/:id/types/:typeName`: the entities of one custom type at the cap. */
export function TypeEntitiesPage() {
  const { typeName = '' } = useParams();
  const { novel, cap, latest } = useNovelContext();
  const types = useTypes(novel.id, cap);
  const list = useEntitiesOfType(novel.id, typeName, cap);
  const type = types.data?.types.find((t) => t.name === typeName);
  const title = typeLabel(typeName);

  if (types.data && !type) {
    return (
      <>
        <PageHeader title={title} />
        <EmptyState
          title="This novel has no such type"
          action={
            <CapLink to={novelPath(novel.id, 'types')} className="button">
              See the novel’s types
            </CapLink>
          }
        >
          <p>“{title}” is not one of the entity types of {novel.title}. Add it on the types page.</p>
        </EmptyState>
      </>
    );
  }

  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <CapLink to={novelPath(novel.id, 'types')}>Entity types</CapLink>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{title}</span>
      </nav>
      <PageHeader title={title} eyebrow="Custom type">
        {type?.description && <p>{type.description}</p>}
        {list.data && list.data.length > 0 && <p>{plural(list.data.length, 'entry', 'entries')} known by chapter {cap}.</p>}
      </PageHeader>
      {latest < 1 ? (
        <NoChaptersYet novelId={novel.id} />
      ) : list.isPending ? (
        <Skeleton label={`Loading ${title.toLowerCase()}…`} rows={3} />
      ) : list.isError ? (
        <ErrorNotice error={list.error} title={`Could not load ${title.toLowerCase()}`} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState title={`No ${title.toLowerCase()} yet at chapter ${cap}`}>
          <p>
            Nothing of this type has been named by chapter {cap}. Entries appear as chapters processed after the type was added mention
            them.
          </p>
        </EmptyState>
      ) : (
        <ul className="card-grid card-grid--entities" aria-label={title}>
          {list.data.map((entity) => (
            <li key={entity.id}>
              <EntityCard novelId={novel.id} entity={entity} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
