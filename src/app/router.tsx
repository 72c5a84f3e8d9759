import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { lazyWithRetry } from '@/components/lazy-with-retry';
import { paths } from '@/shared/config/paths';
import { withPart } from '@/i18n/catalogs';
import { HistoryPage } from '@/features/results/history-page';
import { TodayPage } from '@/features/results/today-page';
import { VerifyDrawDisclosure } from '@/features/verify/components/verify-draw-disclosure';
import { RouteErrorBoundary } from './error-boundary';
import { NotFoundPage } from './not-found-page';
import { LayoutPageChunkError, StandalonePageChunkError } from './page-chunk-error';
import { PageFallback } from './page-fallback';
import { PublicLayout } from './public-layout';
import { RouteToasts } from './route-toasts';

// Today and History are in the first bundle (History without its calendar, which it loads beside
// itself: about 1 KB, less than the round trip a lazy page costs before its heading can paint);
// the grid and draw pages, auth and admin load on demand, so Today's first load carries none of
// them. A lazy page's words come beside its code (its catalog part,
// src/shared/i18n/catalog-parts.ts). Declarative routes, not the data router: this app loads its data with React Query, and the
// data router would add a quarter to the first-load script. A page whose code cannot be downloaded
// (offline before it was first opened) says it needs a connection, with Retry.
const inLayout = { loading: <PageFallback />, Failed: LayoutPageChunkError };
const standalone = { loading: <PageFallback />, Failed: StandalonePageChunkError };
const GridPage = lazyWithRetry(
  () => withPart('grid', import('@/features/grid/grid-page')),
  (module) => module.GridPage,
  inLayout,
);
const DrawRoute = lazyWithRetry(
  () => withPart('draw', import('./draw-route')),
  (module) => module.DrawRoute,
  inLayout,
);
const AuthPage = lazyWithRetry(
  () => withPart('auth', import('@/features/auth/auth-page')),
  (module) => module.AuthPage,
  standalone,
);
// Check my number and the statistics are visitors' pages, but not the first page anyone sees:
// lazy, so the Today page's first load stays as it was (ADR 007).
const CheckPage = lazyWithRetry(
  () => withPart('check', import('@/features/check/check-page')),
  (module) => module.CheckPage,
  inLayout,
);
const StatsPage = lazyWithRetry(
  () => withPart('stats', import('@/features/stats/stats-page')),
  (module) => module.StatsPage,
  inLayout,
);
const AdminPage = lazyWithRetry(
  // Its own words and the calendar's (the date fields); main.tsx activates only the first part.
  () => withPart('admin', withPart('calendar', import('@/features/admin/admin-page'))),
  (module) => module.AdminPage,
  standalone,
);

export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <RouteToasts />
      <Suspense fallback={<PageFallback />}>
        <Routes>
          <Route element={<PublicLayout />}>
            {/* Every result row on Today and History offers its draw's verification (ADR 012). */}
            <Route
              path={paths.home.path}
              element={<TodayPage RowAction={VerifyDrawDisclosure} />}
            />
            <Route
              path={paths.history.path}
              element={<HistoryPage RowAction={VerifyDrawDisclosure} />}
            />
            <Route path={paths.grid.path} element={<GridPage />} />
            <Route path={paths.draw.path} element={<DrawRoute />} />
            <Route path={paths.check.path} element={<CheckPage />} />
            <Route path={paths.stats.path} element={<StatsPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
          <Route path={paths.auth.path} element={<AuthPage />} />
          <Route path={paths.admin.path} element={<AdminPage />} />
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
