import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { withCap } from '../../cap/cap';
import { EmptyState } from '../../components/EmptyState';
import { ErrorNotice } from '../../components/ErrorNotice';
import { FilterChips } from '../../components/FilterChips';
import { NoChaptersYet } from '../../components/NoChaptersYet';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { plural } from '../../lib/format';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { novelPath } from '../../layout/navigation';
import { typeLabel } from '../entities/kinds';
import { useNovelContext } from '../novels/NovelContext';
import { EdgeTable } from './EdgeTable';
import { defaultHidden, filterGraph, listEdgeTypes } from './filter';
import { ForceGraph } from './ForceGraph';
import { useGraph, type GraphView } from './queries';

const views: { value: GraphView; label: string }[] = [
  { value: 'relationships', label: 'Relationships' },
  { value: 'entities', label: 'Everything' },
];

/** `/novels/:id/graph?view=relationships|entities`: who is tied to whom at the cap. */
export function GraphPage() {
  const { novel, cap, latest } = useNovelContext();
  const [params, setParams] = useSearchParams();
  const view: GraphView = params.get('view') === 'entities' ? 'entities' : 'relationships';
  const graph = useGraph(novel.id, view, cap);
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 600px)');
  const [hidden, setHidden] = useState<Set<string> | null>(null);
  const [keepIsolated, setKeepIsolated] = useState(false);

  // Each view starts with its own default filter.
  useEffect(() => setHidden(null), [view]);
  const effectiveHidden = useMemo(() => hidden ?? (graph.data ? defaultHidden(graph.data) : new Set<string>()), [hidden, graph.data]);
  const types = useMemo(() => (graph.data ? listEdgeTypes(graph.data) : []), [graph.data]);
  const shown = useMemo(
    () => (graph.data ? filterGraph(graph.data, effectiveHidden, keepIsolated) : { nodes: [], edges: [], isolated: 0 }),
    [graph.data, effectiveHidden, keepIsolated],
  );
  const nodeTypes = useMemo(() => [...new Set(shown.nodes.map((node) => node.type))].sort(), [shown.nodes]);

  const toggle = (type: string) =>
    setHidden(() => {
      const next = new Set(effectiveHidden);
      if (next.has(type)) next.delete(type);
      else next.add(type);
      return next;
    });

  if (latest < 1) {
    return (
      <>
        <PageHeader title="Relationship graph" />
        <NoChaptersYet novelId={novel.id} />
      </>
    );
  }

  const what = view === 'entities' ? 'entities' : 'characters';
  return (
    <>
      <PageHeader title="Relationship graph">
        <p>
          {view === 'entities'
            ? `Every character, place and object known by chapter ${cap}, with the ties between them.`
            : `The relationships in force at chapter ${cap}. Endings after chapter ${cap} are not shown.`}
        </p>
      </PageHeader>

      <div className="toolbar toolbar--wrap">
        <div className="segmented" role="radiogroup" aria-label="Graph">
          {views.map((option) => (
            <button
              key={option.value}
              type="button"
              role="radio"
              aria-checked={view === option.value}
              className="segmented__option"
              onClick={() =>
                setParams(
                  (previous) => {
                    const next = new URLSearchParams(previous);
                    if (option.value === 'relationships') next.delete('view');
                    else next.set('view', option.value);
                    return next;
                  },
                  { replace: true },
                )
              }
            >
              {option.label}
            </button>
          ))}
        </div>
        {graph.data && shown.isolated > 0 && (
          <label className="checkbox">
            <input type="checkbox" checked={keepIsolated} onChange={(event) => setKeepIsolated(event.target.checked)} />
            Show {plural(shown.isolated, what === 'characters' ? 'character' : 'entity', what)} without a tie shown
          </label>
        )}
      </div>
      <FilterChips
        label="Ties"
        options={types.map((t) => ({ value: t.type, label: t.label, count: t.count }))}
        selected={new Set(types.map((t) => t.type).filter((type) => !effectiveHidden.has(type)))}
        onToggle={toggle}
        onAll={() => setHidden(new Set())}
      />

      {graph.isPending ? (
        <Skeleton label="Drawing the graph…" variant="graph" />
      ) : graph.isError ? (
        <ErrorNotice error={graph.error} title="Could not load the graph" onRetry={() => void graph.refetch()} />
      ) : graph.data.nodes.length === 0 ? (
        <EmptyState title={`No ${what} yet at chapter ${cap}`}>
          <p>Nobody has been named by this chapter. Raise the chapter slider or process more chapters.</p>
        </EmptyState>
      ) : shown.nodes.length === 0 ? (
        <EmptyState
          title={graph.data.edges.length === 0 ? `No ties yet at chapter ${cap}` : 'Every tie is filtered out'}
          action={
            <button type="button" className="button" onClick={() => (graph.data.edges.length === 0 ? setKeepIsolated(true) : setHidden(new Set()))}>
              {graph.data.edges.length === 0 ? `Show the ${plural(graph.data.nodes.length, what === 'characters' ? 'character' : 'entity', what)}` : 'Show every tie'}
            </button>
          }
        >
          <p>
            {graph.data.edges.length === 0
              ? `No relationship between ${what} has been read by chapter ${cap}.`
              : 'Turn a tie type back on above to see it drawn.'}
          </p>
        </EmptyState>
      ) : (
        <>
          <ForceGraph
            nodes={shown.nodes}
            edges={shown.edges}
            height={phone ? 480 : 560}
            label={`${view === 'entities' ? 'Entity' : 'Relationship'} graph at chapter ${cap}: ${plural(shown.nodes.length, 'node')}, ${plural(shown.edges.length, 'tie')}`}
            onOpen={(node) => navigate(withCap(novelPath(novel.id, `entities/${node.id}`), String(cap)))}
          />
          <div className="graph-legend">
            <p className="graph-legend__hint">
              {phone
                ? 'Drag a name to move it, pinch to zoom, tap a name to open its page.'
                : 'Drag a name to move it, scroll to zoom, drag the background to pan, click a name to open its page.'}
            </p>
            <ul className="graph-legend__types" aria-label="Node colours">
              {nodeTypes.map((type) => (
                <li key={type}>
                  <span className={`graph-legend__dot graph__node--${type}`} aria-hidden="true" />
                  {typeLabel(type)}
                </li>
              ))}
            </ul>
          </div>
          <details className="section disclosure">
            <summary>Ties as a list ({shown.edges.length})</summary>
            {shown.edges.length > 0 ? (
              <EdgeTable novelId={novel.id} nodes={shown.nodes} edges={shown.edges} />
            ) : (
              <p className="muted">No tie is shown.</p>
            )}
          </details>
        </>
      )}
    </>
  );
}
