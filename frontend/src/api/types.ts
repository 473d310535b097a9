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
export type SearchIndexStatus = Schemas['SearchIndexStatus'];
export type EntitySummary = Schemas['EntitySummary'];
export type EntityDetail = Schemas['EntityDetail'];
export type Appearance = Schemas['Appearance'];
export type Mention = Schemas['MentionSample'];
export type EntityRef = Schemas['EntityRef'];
export type EntityState = Schemas['EntityState'];
export type Placement = Schemas['Placement'];
export type KnowledgeRow = Schemas['KnowledgeRow'];
export type RelationshipRow = Schemas['RelationshipRow'];
export type NovelHome = Schemas['NovelHome'];
export type TimelineEvent = Schemas['TimelineEvent'];
export type Graph = Schemas['Graph'];
export type GraphNode = Schemas['GraphNode'];
export type GraphEdge = Schemas['GraphEdge'];
export type Thread = Schemas['ThreadRow'];
export type ThreadStep = Schemas['ThreadEventRow'];
export type Commitment = Schemas['CommitmentRow'];
export type CanonFact = Schemas['CanonFactRow'];
export type Flag = Schemas['FlagRow'];
export type Critique = Schemas['CritiqueRow'];
export type CritiqueFinding = Schemas['CritiqueFinding'];
export type Scene = Schemas['SceneRow'];
export type SearchResults = Schemas['SearchResults'];
export type SearchHit = Schemas['SearchHit'];
export type SearchMode = SearchResults['mode'];
export type DuplicatePair = Schemas['DuplicatePair'];
export type DuplicateSide = Schemas['DuplicateSide'];
export type MergeResult = Schemas['MergeResult'];
export type ExtractionCosts = Schemas['ExtractionCosts'];
export type ChapterCost = Schemas['ChapterCost'];
export type PassCost = Schemas['PassCost'];
export type Alignment = Schemas['Alignment'];
export type LocationNode = Schemas['LocationNode'];
export type ObjectOwner = Schemas['ObjectOwnerRow'];
export type TypesPage = Schemas['TypesPage'];
export type EntityType = Schemas['EntityTypeRow'];
export type Preset = Schemas['Preset'];
export type Submission = Schemas['SubmissionRow'];
export type SubmissionDetail = Schemas['SubmissionDetail'];
export type ReviewFinding = Schemas['ParkedFinding'];
export type ReviewDecision = Schemas['Decision'];

/** The job states the UI knows; the API types `status` as a plain string. */
export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

const knownStatuses: readonly string[] = ['queued', 'running', 'done', 'failed'];

/** A job's status as one of the known states (anything unexpected counts as still working). */
export function jobStatus(job: Pick<Job, 'status'>): JobStatus {
  return knownStatuses.includes(job.status) ? (job.status as JobStatus) : 'running';
}
