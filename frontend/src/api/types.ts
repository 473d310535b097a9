// Friendly names for the generated OpenAPI schemas; pages import from here, not from schema.d.ts.
import type { components } from './schema';

type Schemas = components['schemas'];

export type Health = Schemas['HealthOut'];
export type Novel = Schemas['NovelOut'];
export type NovelCreate = Schemas['NovelCreate'];
export type ChapterSummary = Schemas['ChapterOut'];
export type Chapter = Schemas['ChapterDetail'];
export type SplitChapter = Schemas['SplitChapter'];
export type Job = Schemas['JobOut'];
export type JobStatus = Job['status'];
export type EntitySummary = Schemas['EntitySummary'];
export type EntityDetail = Schemas['EntityDetail'];
export type Appearance = EntityDetail['appearances'][number];
export type Mention = EntityDetail['mentions'][number];
