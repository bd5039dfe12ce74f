import { Fragment, isValidElement, Suspense, use, type ReactNode } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, Outlet } from 'react-router';
import { lazyPage, type LazyScreen } from '../lib/lazy-page';
import { effectiveRole, useSession } from '../lib/session-store';
import { AppShell } from '../shell/app-shell';
import { ErrorFallbackScreen } from '../shell/error-fallback';
import { NotFoundPage } from '../shell/not-found';
import { useRouteTitle } from '../shell/page-title';
import { RequirePermission } from '../shell/require-permission';
import { RouteLoading } from '../shell/route-loading';
import { TitleOnlyPage } from '../shell/title-only-page';
import { queryClient } from './query-client';
import { APP_ROUTES, canOpenRoute, type AppRoute } from './route-table';

/**
 * The screens by route path live in a chunk of their own (route-elements.tsx), fetched once as the entry runs
 * (main.tsx calls preloadScreen at once): the first download then does not grow with every screen the product
 * adds (each screen's loader names its chunks, about 100 bytes gzip a screen; docs/performance.md, "The web
 * client's first download"). The cost is one small request before the first screen's chunk on a signed-in cold
 * load; the login page does not wait for it.
 */
let routeElements: Promise<typeof import('./route-elements')> | null = null;
const loadRouteElements = () => (routeElements ??= import('./route-elements'));

const LoginPage = lazyPage(() => import('../features/auth/components/login-page'), 'LoginPage');
const ScanLabelsPage = lazyPage(() => import('../features/scan/components/scan-labels-page'), 'ScanLabelsPage');

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

/**
 * The key of a route's Suspense boundary: one per screen component. Moving to another screen mounts a new
 * boundary, so its loading bar shows at once (React keeps an already shown boundary's old content during a
 * navigation, which on a slow link looks like a click that did nothing); routes sharing a screen
 * (/inventory-transactions and …/search) share the boundary and keep the screen's state.
 */
const screenIds = new Map<unknown, string>();
function screenKey(element: ReactNode, path: string): string {
  if (!isValidElement(element) || element.type === Fragment) return path;
  let id = screenIds.get(element.type);
  if (!id) screenIds.set(element.type, (id = `screen-${screenIds.size}`));
  return id;
}

/**
 * Starts fetching the screen of the first page as soon as the entry runs, before React renders down to it
 * (main.tsx); the render then finds it on its way.
 */
export function preloadScreen(pathname: string): void {
  if (pathname === '/scan-labels') return ScanLabelsPage.preload();
  if (!useSession.getState().accessToken) return LoginPage.preload();
  const path = matchRoutes(
    APP_ROUTES.map((r) => ({ path: r.path })),
    pathname,
  )?.[0]?.route.path;
  const route = APP_ROUTES.find((r) => r.path === path);
  // The screen's first reads too, when the role may open it (no refused calls for a screen it will not show).
  const reads = route && canOpenRoute(effectiveRole(useSession.getState()), route) ? queryClient : undefined;
  void loadRouteElements().then(({ ROUTE_ELEMENTS }) => {
    const screen = path ? ROUTE_ELEMENTS[path] : null;
    const type = isValidElement(screen) ? (screen.type as Partial<LazyScreen>) : null;
    if (typeof type?.preload === 'function') type.preload(reads);
  });
}

/** A route's screen (or its title until a later issue builds it), in a Suspense boundary of its own. */
function RouteScreen({ route }: { route: AppRoute }) {
  const { ROUTE_ELEMENTS, ScreenProviders } = use(loadRouteElements());
  const screen = ROUTE_ELEMENTS[route.path] ?? <TitleOnlyPage title={route.title} />;
  return (
    <Suspense key={screenKey(screen, route.path)} fallback={<RouteLoading />}>
      <ScreenProviders>{screen}</ScreenProviders>
    </Suspense>
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
                <Suspense fallback={<RouteLoading />}>
                  <RouteScreen route={route} />
                </Suspense>
              </RequirePermission>
            ),
          })),
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
]);
