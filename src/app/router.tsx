import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { TodayPage } from '@/features/results/today-page';
import { RouteErrorFallback } from './error-fallback';
import { NotFoundPage } from './not-found-page';
import { PageFallback } from './page-fallback';
import { PublicLayout } from './public-layout';

/**
 * Today is in the first bundle; History (with its calendar), auth and admin load on demand so a
 * visitor of `/` downloads none of them.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorFallback />,
    hydrateFallbackElement: <PageFallback />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: paths.home.path, element: <TodayPage /> },
          {
            path: paths.history.path,
            lazy: async () => {
              const { HistoryPage } = await import('@/features/results/history-page');
              return { Component: HistoryPage };
            },
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: paths.auth.path,
        lazy: async () => {
          const { AuthPage } = await import('@/features/auth/auth-page');
          return { Component: AuthPage };
        },
      },
      {
        path: paths.admin.path,
        lazy: async () => {
          const { AdminPage } = await import('@/features/admin/admin-page');
          return { Component: AdminPage };
        },
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
