import { lazy, Suspense } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { AppBar, Box, Link, MenuItem, TextField, Toolbar, Typography } from '@mui/material';
import { PRODUCT_NAME, ROLES } from '@keystone/contracts';
import { locationColour, locationOptions, useLocationIndex } from '../lib/location-store';
import { useAppUpdate } from '../lib/pwa/app-update-store';
import { scanOutbox } from '../lib/scan/outbox';
import { useCurrentLocation, useLocations } from '../lib/queries';
import { isSuperUserSession, useEffectiveRole, useSession } from '../lib/session-store';
import { queryClient } from '../app/query-client';
import { ErrorBoundary } from './error-fallback';
import { GlobalScanHandler } from './global-scan-handler';
import { useInactivityTimeout } from './inactivity-timer';
import { useWarmLazyParts } from './lazy-parts';
import { logout } from './logout';
import { ScanOutboxIndicator } from './scan-outbox-indicator';
import { TopMenu } from './top-menu';

/** A select on the coloured app bar: white field, label readable above it. */
const onBarField = {
  '& .MuiInputBase-root': { bgcolor: 'background.paper' },
  '& .MuiInputLabel-root, & .MuiInputLabel-root.Mui-focused': { color: 'common.white' },
  '& .MuiInputLabel-shrink': { transform: 'translate(4px, -16px) scale(0.75)' },
  mt: 1,
} as const;

function LocationSwitcher() {
  const { data: codes = [] } = useLocations();
  const index = useLocationIndex((s) => s.index);
  const setIndex = useLocationIndex((s) => s.setIndex);
  const options = locationOptions(codes);
  return (
    <TextField
      select
      size="small"
      label="Location"
      value={index < options.length ? index : 0}
      onChange={(e) => setIndex(Number(e.target.value))}
      sx={{ minWidth: 150, ...onBarField }}
      slotProps={{ htmlInput: { 'data-testid': 'location-switcher' } }}
    >
      {options.map((label, i) => (
        <MenuItem key={label} value={i}>
          {label}
        </MenuItem>
      ))}
    </TextField>
  );
}

function ViewAsRole() {
  const viewAsRole = useSession((s) => s.viewAsRole);
  const role = useSession((s) => s.role);
  const setViewAsRole = useSession((s) => s.setViewAsRole);
  return (
    <TextField
      select
      size="small"
      label="View as role"
      value={viewAsRole ?? role ?? ''}
      onChange={(e) => setViewAsRole(e.target.value === role ? null : e.target.value)}
      sx={{ minWidth: 190, ...onBarField }}
      slotProps={{ htmlInput: { 'data-testid': 'view-as-role' } }}
    >
      {ROLES.map((r) => (
        <MenuItem key={r} value={r}>
          {r}
        </MenuItem>
      ))}
    </TextField>
  );
}

const AppUpdatePrompt = lazy(() => import('./app-update-prompt'));

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
  // Signing out with scans not yet recorded asks first, on the list of those scans.
  const signOut = () =>
    scanOutbox.entries().some((e) => e.state !== 'refused')
      ? void navigate('/scans-waiting?sign-out=1')
      : void logout();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'grey.50' }}>
      <GlobalScanHandler />
      <AppBar position="sticky" sx={{ bgcolor: locationColour(location) }}>
        <Toolbar sx={{ gap: 1.5, flexWrap: 'wrap', py: 0.5 }}>
          <Typography variant="h6" component="div" sx={{ mr: 1, whiteSpace: 'nowrap' }}>
            {PRODUCT_NAME}
          </Typography>
          <TopMenu role={role} />
          <Box sx={{ flex: 1 }} />
          <ScanOutboxIndicator />
          <LocationSwitcher />
          {superUser && <ViewAsRole />}
          <Link
            component="button"
            color="inherit"
            underline="hover"
            onClick={signOut}
            title="Log out"
            data-testid="logout-link"
          >
            {username}
          </Link>
        </Toolbar>
      </AppBar>
      <ErrorBoundary resetKey={pathname} onReset={() => void queryClient.resetQueries()}>
        <Outlet />
      </ErrorBoundary>
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
