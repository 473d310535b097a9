// Friendly names for the generated OpenAPI schemas; pages import from here, not from schema.d.ts.
import type { components } from './schema';

type Schemas = components['schemas'];

export type Health = Schemas['Health'];
export type Novel = Schemas['NovelRow'];
export type NovelCreate = Schemas['NovelIn'];
export type ChapterSummary = Schemas['ChapterRow'];
export type Chapter = Schemas['ChapterDetail'];
export type SplitChapter = Schemas['SplitChapter'];
export type Job = Schemas['JobRow'];
export type EntitySummary = Schemas['EntitySummary'];
export type EntityDetail = Schemas['EntityDetail'];
export type Appearance = Schemas['Appearance'];
export type Mention = Schemas['MentionSample'];

/** The job states the UI knows; the API types `status` as a plain string. */
export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

const knownStatuses: readonly string[] = ['queued', 'running', 'done', 'failed'];

/** A job's status as one of the known states (anything unexpected counts as still working). */
export function jobStatus(job: Pick<Job, 'status'>): JobStatus {
  return knownStatuses.includes(job.status) ? (job.status as JobStatus) : 'running';
}
