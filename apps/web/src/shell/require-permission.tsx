import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { hasPermission, permissionDeniedMessage } from '@keystone/contracts';
import { routePermission, type AppRoute } from '../app/route-table';
import { useEffectiveRole } from '../lib/session-store';
import { useRouteTitle } from './page-title';

/**
 * Shows the route only to a role holding its permission; otherwise the spec's refusal text. Either way the
 * document title is the route's ("Purchase Orders · Keystone POS").
 */
export function RequirePermission({ route, children }: { route: AppRoute; children: ReactNode }) {
  const role = useEffectiveRole();
  const permission = routePermission(route);
  useRouteTitle(route.title, route.path);
  if (hasPermission(role, permission)) return <>{children}</>;
  return (
    <Box sx={{ p: 4 }}>
      <Typography variant="h6" role="alert" data-testid="permission-denied">
        {route.forbiddenText ?? permissionDeniedMessage(role, permission)}
      </Typography>
    </Box>
  );
}
