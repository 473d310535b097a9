import { isNotFound } from '../../api/errors';
import { EntityChips, EntityLink } from '../../components/EntityLinks';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Skeleton } from '../../components/Skeleton';
import { useScenes } from './queries';

/** The scenes of a chapter: where, when, through whose eyes, and who is there. */
export function ChapterScenes({ novelId, number, cap }: { novelId: string; number: number; cap: number }) {
  const scenes = useScenes(novelId, number, cap);
  return (
    <section className="section" aria-labelledby="scenes-heading">
      <h2 id="scenes-heading">Scenes</h2>
      {scenes.isPending ? (
        <Skeleton label="Loading the scenes…" rows={2} variant="lines" />
      ) : scenes.isError ? (
        isNotFound(scenes.error) ? (
          <p className="muted">No scene has been recorded for this chapter.</p>
        ) : (
          <ErrorNotice error={scenes.error} title="Could not load the scenes" onRetry={() => void scenes.refetch()} />
        )
      ) : scenes.data.length === 0 ? (
        <p className="muted">The chapter was not divided into scenes.</p>
      ) : (
        <ol className="scene-list">
          {scenes.data.map((scene) => (
            <li key={scene.id} className="scene">
              <p className="scene__head">
                <span className="scene__number">Scene {scene.ordinal + 1}</span>
                {scene.location && (
                  <span>
                    at <EntityLink novelId={novelId} entity={scene.location} />
                  </span>
                )}
                {scene.time_anchor && <span className="muted">{scene.time_anchor}</span>}
                {scene.pov && (
                  <span className="muted">
                    seen by <EntityLink novelId={novelId} entity={scene.pov} />
                  </span>
                )}
              </p>
              <p className="scene__summary">{scene.summary}</p>
              <EntityChips novelId={novelId} entities={scene.present} label={`Present in scene ${scene.ordinal + 1}`} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
