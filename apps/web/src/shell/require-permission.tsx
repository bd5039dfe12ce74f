import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Typography } from '@mui/material';
import { permissionDeniedMessage } from '@keystone/contracts';
import { canOpenRoute, routePermissionText, routePermissionWords, type AppRoute } from '../app/route-table';
import { useEffectiveRole } from '../lib/session-store';
import { Breadcrumbs } from './breadcrumbs';
import { useRouteTitle } from './page-title';

/**
 * Shows the route only to a role holding its permission; otherwise the spec's refusal text, the missing right in
 * words and a way home. Either way the document title is the route's ("Purchase Orders · Keystone POS").
 */
export function RequirePermission({ route, children }: { route: AppRoute; children: ReactNode }) {
  const role = useEffectiveRole();
  useRouteTitle(route.title, route.path);
  if (canOpenRoute(role, route))
    return (
      <>
        {route.parent && <Breadcrumbs route={route} />}
        {children}
      </>
    );
  return (
    <Box sx={{ p: 4 }}>
      <Typography variant="h6" role="alert" data-testid="permission-denied">
        {route.forbiddenText ?? permissionDeniedMessage(role, routePermissionText(route))}
      </Typography>
      <Typography sx={{ mt: 1 }} data-testid="permission-denied-words">
        {`This page needs the right to ${routePermissionWords(route)}. An administrator can add it to your role.`}
      </Typography>
      <Button variant="contained" component={RouterLink} to="/" sx={{ mt: 2 }}>
        Go to Home
      </Button>
    </Box>
  );
}
