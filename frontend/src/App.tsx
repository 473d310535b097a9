import { Route, Routes } from 'react-router';
import { NotFoundPage } from './components/NotFoundPage';
import { CanonPage } from './features/canon/CanonPage';
import { ChapterPage } from './features/chapters/ChapterPage';
import { ChaptersPage } from './features/chapters/ChaptersPage';
import { CommitmentsPage } from './features/commitments/CommitmentsPage';
import { ContinuityPage } from './features/continuity/ContinuityPage';
import { DuplicatesPage } from './features/duplicates/DuplicatesPage';
import { EntityListPage } from './features/entities/EntityListPage';
import { EntityPage } from './features/entities/EntityPage';
import { ExtractionCostsPage } from './features/extraction/ExtractionCostsPage';
import { GraphPage } from './features/graph/GraphPage';
import { NovelHomePage } from './features/home/NovelHomePage';
import { NovelsPage } from './features/novels/NovelsPage';
import { ProcessPage } from './features/process/ProcessPage';
import { ReviewQueuePage } from './features/review/ReviewQueuePage';
import { SubmissionPage } from './features/review/SubmissionPage';
import { SearchPage } from './features/search/SearchPage';
import { ThreadsPage } from './features/threads/ThreadsPage';
import { TimelinePage } from './features/timeline/TimelinePage';
import { TypeEntitiesPage } from './features/types/TypeEntitiesPage';
import { TypesPage } from './features/types/TypesPage';
import { LocationsPage } from './features/world/LocationsPage';
import { ObjectsPage } from './features/world/ObjectsPage';
import { AppShell, PlainLayout } from './layout/AppShell';
import { NovelLayout } from './layout/NovelLayout';

/** Every route of the UI. A page joins `layout/navigation.ts` only once its route is here. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        <Route element={<PlainLayout />}>
          <Route index element={<NovelsPage />} />
        </Route>
        <Route path="novels/:novelId" element={<NovelLayout />}>
          <Route index element={<NovelHomePage />} />
          <Route path="process" element={<ProcessPage />} />
          <Route path="chapters" element={<ChaptersPage />} />
          <Route path="chapters/:number" element={<ChapterPage />} />
          <Route path="timeline" element={<TimelinePage />} />
          <Route path="threads" element={<ThreadsPage />} />
          <Route path="graph" element={<GraphPage />} />
          <Route path="characters" element={<EntityListPage key="characters" kind="characters" />} />
          <Route path="locations" element={<LocationsPage />} />
          <Route path="factions" element={<EntityListPage key="factions" kind="factions" />} />
          <Route path="objects" element={<ObjectsPage />} />
          <Route path="entities/:entityId" element={<EntityPage />} />
          <Route path="types" element={<TypesPage />} />
          <Route path="types/:typeName" element={<TypeEntitiesPage />} />
          <Route path="search" element={<SearchPage />} />
          <Route path="commitments" element={<CommitmentsPage />} />
          <Route path="canon" element={<CanonPage />} />
          <Route path="continuity" element={<ContinuityPage />} />
          <Route path="duplicates" element={<DuplicatesPage />} />
          <Route path="extraction" element={<ExtractionCostsPage />} />
          <Route path="review" element={<ReviewQueuePage />} />
          <Route path="review/:submissionId" element={<SubmissionPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route element={<PlainLayout />}>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}
