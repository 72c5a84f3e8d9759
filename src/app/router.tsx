import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { paths } from '@/config/paths';
import { TodayPage } from '@/features/results/today-page';
import { NotFoundPage } from './not-found-page';
import { PageFallback } from './page-fallback';
import { PublicLayout } from './public-layout';

// Today is in the first bundle; History (with its calendar), auth and admin load on demand so a
// visitor of `/` downloads none of them. Declarative routes, not the data router: this app loads
// its data with React Query, and the data router would add a quarter to the first-load script.
const HistoryPage = lazy(() =>
  import('@/features/results/history-page').then((module) => ({ default: module.HistoryPage })),
);
const AuthPage = lazy(() =>
  import('@/features/auth/auth-page').then((module) => ({ default: module.AuthPage })),
);
const AdminPage = lazy(() =>
  import('@/features/admin/admin-page').then((module) => ({ default: module.AdminPage })),
);

export function AppRoutes() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Routes>
        <Route element={<PublicLayout />}>
          <Route path={paths.home.path} element={<TodayPage />} />
          <Route path={paths.history.path} element={<HistoryPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route path={paths.auth.path} element={<AuthPage />} />
        <Route path={paths.admin.path} element={<AdminPage />} />
      </Routes>
    </Suspense>
  );
}
