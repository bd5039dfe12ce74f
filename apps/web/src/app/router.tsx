import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { LoginPage } from '../features/auth/components/login-page';
import { ScanLabelsPage } from '../features/scan-labels/components/scan-labels-page';
import { useSession } from '../lib/session-store';
import { AppShell } from '../shell/app-shell';
import { ErrorFallbackScreen } from '../shell/error-fallback';
import { NotFoundPage } from '../shell/not-found';
import { RequirePermission } from '../shell/require-permission';
import { TitleOnlyPage } from '../shell/title-only-page';
import { APP_ROUTES } from './route-table';
import { ROUTE_ELEMENTS } from './route-elements';

/** The login screen shows whenever no access token is stored. */
function RequireSession() {
  const token = useSession((s) => s.accessToken);
  return token ? <Outlet /> : <LoginPage />;
}

export const router = createBrowserRouter([
  { path: '/scan-labels', element: <ScanLabelsPage />, errorElement: <ErrorFallbackScreen /> },
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
            element: <RequirePermission route={route}>{ROUTE_ELEMENTS[route.path] ?? <TitleOnlyPage title={route.title} />}</RequirePermission>,
          })),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
