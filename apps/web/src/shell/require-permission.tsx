import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { permissionDeniedMessage } from '@keystone/contracts';
import { canOpenRoute, routePermissionText, type AppRoute } from '../app/route-table';
import { useEffectiveRole } from '../lib/session-store';
import { useRouteTitle } from './page-title';

/**
 * Shows the route only to a role holding its permission; otherwise the spec's refusal text. Either way the
 * document title is the route's ("Purchase Orders · Keystone POS").
 */
export function RequirePermission({ route, children }: { route: AppRoute; children: ReactNode }) {
  const role = useEffectiveRole();
  useRouteTitle(route.title, route.path);
  if (canOpenRoute(role, route)) return <>{children}</>;
  return (
    <Box sx={{ p: 4 }}>
      <Typography variant="h6" role="alert" data-testid="permission-denied">
        {route.forbiddenText ?? permissionDeniedMessage(role, routePermissionText(route))}
      </Typography>
    </Box>
  );
}
