import { Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { lazyPage } from '../lib/lazy-page';
import { useSession } from '../lib/session-store';
import { AppShell } from '../shell/app-shell';
import { ErrorFallbackScreen } from '../shell/error-fallback';
import { NotFoundPage } from '../shell/not-found';
import { useRouteTitle } from '../shell/page-title';
import { RequirePermission } from '../shell/require-permission';
import { RouteLoading } from '../shell/route-loading';
import { TitleOnlyPage } from '../shell/title-only-page';
import { APP_ROUTES } from './route-table';
import { ROUTE_ELEMENTS } from './route-elements';

const LoginPage = lazyPage(() => import('../features/auth/components/login-page'), 'LoginPage');
const ScanLabelsPage = lazyPage(() => import('../features/scan-labels/components/scan-labels-page'), 'ScanLabelsPage');

/** A screen outside the shell, loaded on first use, with its own document title. */
function StandalonePage({ title, path, children }: { title: string; path: string; children: ReactNode }) {
  useRouteTitle(title, path);
  return <Suspense fallback={<RouteLoading />}>{children}</Suspense>;
}

/** The login screen shows whenever no access token is stored. */
function RequireSession() {
  const token = useSession((s) => s.accessToken);
  return token ? (
    <Outlet />
  ) : (
    <StandalonePage title="Log In" path="/login">
      <LoginPage />
    </StandalonePage>
  );
}

/** The 404 page's title. */
function NotFoundRoute() {
  useRouteTitle('Resource Not Found', '*');
  return <NotFoundPage />;
}

/**
 * Every screen but the shell is its own chunk (see `lazyPage`). The Suspense boundary sits inside the shell,
 * around the route's element, so the app bar and top menu stay while a screen's chunk loads.
 */
export const router = createBrowserRouter([
  {
    path: '/scan-labels',
    element: (
      <StandalonePage title="Scan Labels" path="/scan-labels">
        <ScanLabelsPage />
      </StandalonePage>
    ),
    errorElement: <ErrorFallbackScreen />,
  },
  { path: '/login', element: <RequireSession />, children: [{ index: true, element: <Navigate to="/" replace /> }] },
  {
    element: <RequireSession />,
    errorElement: <ErrorFallbackScreen />,
    children: [
      {
        element: <AppShell />,
        children: [
          ...APP_ROUTES.map((route) => ({
            path: route.path,
            element: (
              <RequirePermission route={route}>
                <Suspense fallback={<RouteLoading />}>{ROUTE_ELEMENTS[route.path] ?? <TitleOnlyPage title={route.title} />}</Suspense>
              </RequirePermission>
            ),
          })),
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
]);
