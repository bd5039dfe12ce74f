import { lazy, Suspense, useCallback, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { AppBar, Box, Link, Toolbar, Typography, useMediaQuery, type Theme } from '@mui/material';
import { PRODUCT_NAME } from '@keystone/contracts';
import { locationColour, locationTextColour } from '../lib/location-store';
import { useAppUpdate } from '../lib/pwa/app-update-store';
import { scanOutbox } from '../lib/scan/outbox';
import { useCurrentLocation } from '../lib/queries';
import { isSuperUserSession, useEffectiveRole, useSession } from '../lib/session-store';
import { queryClient } from '../app/query-client';
import { ErrorBoundary } from './error-fallback';
import { GlobalScanHandler } from './global-scan-handler';
import { useGlobalShortcuts } from './global-shortcuts';
import { useInactivityTimeout } from './inactivity-timer';
import { loadSearchLauncher, useWarmLazyParts } from './lazy-parts';
import { logout } from './logout';
import { ScanOutboxIndicator } from './scan-outbox-indicator';
import { TopMenu } from './top-menu';

// Its own chunk (the text field and its menu are out of the first download); its place is kept while it loads.
const LocationSwitcher = lazy(() => import('./location-switcher'));

// Super users' only: a chunk of its own, its place kept while it loads (the bar must not move).
const ViewAsRole = lazy(() => import('./view-as-role'));

const AccountMenu = lazy(() => import('./account-menu'));
const SignOutQuestion = lazy(async () => ({ default: (await import('./account-menu')).SignOutQuestion }));

const AppUpdatePrompt = lazy(() => import('./app-update-prompt'));

// The list `?` opens: fetched on first use.
const ShortcutsDialog = lazy(() => import('./shortcuts-dialog'));

// The search button and Ctrl/⌘-K: a chunk fetched after the shell, its place kept while it loads.
const SearchLauncher = lazy(loadSearchLauncher);

/** The app shell: top menu, location switcher, view-as-role selector, username as logout link. */
export function AppShell() {
  useInactivityTimeout();
  useWarmLazyParts();
  const username = useSession((s) => s.username);
  const superUser = useSession((s) => isSuperUserSession(s));
  const role = useEffectiveRole();
  const location = useCurrentLocation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const update = useAppUpdate((s) => !!s.reload);
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const barColour = locationColour(location);
  const [askSignOut, setAskSignOut] = useState(false);
  const cancelSignOut = useCallback(() => setAskSignOut(false), []);
  const [shortcutList, setShortcutList] = useState(false);
  useGlobalShortcuts(() => setShortcutList(true));
  // Signing out with scans not yet recorded asks first, on the list of those scans; on a phone it asks in any case.
  const signOut = () =>
    scanOutbox.entries().some((e) => e.state !== 'refused')
      ? void navigate('/scans-waiting?sign-out=1')
      : phone
        ? setAskSignOut(true)
        : void logout();
  const account = (
    <>
      <Suspense fallback={<Box sx={{ minWidth: 150, height: 40, mt: 1 }} />}>
        <LocationSwitcher />
      </Suspense>
      {superUser && (
        <Suspense fallback={<Box sx={{ minWidth: 190, height: 40, mt: 1 }} />}>
          <ViewAsRole />
        </Suspense>
      )}
      <Link
        component="button"
        color="inherit"
        underline="hover"
        onClick={signOut}
        title="Log out"
        data-testid="logout-link"
        sx={{ whiteSpace: 'nowrap', minHeight: { xs: 44, sm: 'auto' }, textAlign: 'left' }}
      >
        {username}
      </Link>
    </>
  );
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <GlobalScanHandler />
      <AppBar position="sticky" sx={{ bgcolor: barColour, color: locationTextColour(barColour) }}>
        {/* One row at every width (its height never changes after load): the menu groups that find no room go under
            More; on a phone the location, the role and the user go under the account button. */}
        <Toolbar sx={{ gap: 1.5, flexWrap: 'nowrap', height: { xs: 56, sm: 64 }, minHeight: { xs: 56, sm: 64 } }}>
          {!phone && (
            <Typography variant="h6" component="div" sx={{ mr: 1, whiteSpace: 'nowrap', flex: 'none' }}>
              {PRODUCT_NAME}
            </Typography>
          )}
          <TopMenu role={role} />
          <Box sx={{ flex: 'none', display: 'flex', alignItems: 'center', gap: 1.5 }}>
            <ErrorBoundary fallback={<></>}>
              <Suspense fallback={<Box sx={{ width: 44, height: 44 }} />}>
                <SearchLauncher />
              </Suspense>
            </ErrorBoundary>
            <ScanOutboxIndicator />
            {phone ? (
              // A phone's only: its own small chunk; its place is kept while it loads.
              // Should the chunk be out of reach, the items stay on the bar.
              <ErrorBoundary fallback={account}>
                <Suspense fallback={<Box sx={{ width: 48, height: 48 }} />}>
                  <AccountMenu username={username}>{account}</AccountMenu>
                </Suspense>
              </ErrorBoundary>
            ) : (
              account
            )}
          </Box>
        </Toolbar>
      </AppBar>
      {/* The page's one main landmark (the app bar is the banner, the menu the navigation). */}
      <main>
        <ErrorBoundary resetKey={pathname} onReset={() => void queryClient.resetQueries()}>
          <Outlet />
        </ErrorBoundary>
      </main>
      {askSignOut && (
        <Suspense fallback={null}>
          <SignOutQuestion onCancel={cancelSignOut} />
        </Suspense>
      )}
      {shortcutList && (
        <ErrorBoundary fallback={<></>}>
          <Suspense fallback={null}>
            <ShortcutsDialog onClose={() => setShortcutList(false)} />
          </Suspense>
        </ErrorBoundary>
      )}
      {update && (
        <ErrorBoundary fallback={<></>}>
          <Suspense fallback={null}>
            <AppUpdatePrompt />
          </Suspense>
        </ErrorBoundary>
      )}
    </Box>
  );
}
