import type { JobStatus } from '../../api/types';

const stageNames: Record<string, string> = {
  queued: 'Waiting for the worker',
  starting: 'Starting',
  critique: 'Checking continuity',
  ingest: 'Reading the chapter',
  context: 'Loading the story so far',
  chunk: 'Cutting into passages',
  extract: 'Extracting people, places and facts',
  canonicalize: 'Grouping name variants',
  resolve: 'Matching names to the wiki',
  embed: 'Indexing for search',
  index: 'Indexing for search',
  persist: 'Saving',
  materialize: 'Updating the world state',
  record: 'Recording the critique',
  done: 'Finished',
  failed: 'Failed',
};

/** A job's stage in plain words: known stage names are translated, any detail after them is kept. */
export function describeStage(stage: string | null | undefined): string | null {
  if (!stage) return null;
  const match = /^\s*([A-Za-z_]+)(.*)$/.exec(stage);
  const head = match?.[1]?.toLowerCase() ?? '';
  const rest = (match?.[2] ?? '').replace(/^[\s:·\-–]+/, '').trim();
  const name = stageNames[head];
  if (!name) return stage.replace(/_/g, ' ');
  return rest ? `${name} (${rest})` : name;
}

export const statusLabels: Record<JobStatus, string> = {
  queued: 'Waiting',
  running: 'Processing',
  done: 'Done',
  failed: 'Failed',
};
