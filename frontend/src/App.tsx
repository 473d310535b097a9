import { Route, Routes } from 'react-router';
import { NotFoundPage } from './components/NotFoundPage';
import { ChapterPage } from './features/chapters/ChapterPage';
import { ChaptersPage } from './features/chapters/ChaptersPage';
import { EntityListPage } from './features/entities/EntityListPage';
import { EntityPage } from './features/entities/EntityPage';
import { NovelHomePage } from './features/home/NovelHomePage';
import { NovelsPage } from './features/novels/NovelsPage';
import { ProcessPage } from './features/process/ProcessPage';
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
          <Route path="characters" element={<EntityListPage key="characters" kind="characters" />} />
          <Route path="locations" element={<EntityListPage key="locations" kind="locations" />} />
          <Route path="factions" element={<EntityListPage key="factions" kind="factions" />} />
          <Route path="objects" element={<EntityListPage key="objects" kind="objects" />} />
          <Route path="entities/:entityId" element={<EntityPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route element={<PlainLayout />}>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}
