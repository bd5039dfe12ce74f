import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { permissionDeniedMessage } from '@keystone/contracts';
import { canOpenRoute, routePermissionText, type AppRoute } from '../app/route-table';
import { useEffectiveRole } from '../lib/session-store';

/** Shows the route only to a role holding its permission; otherwise the spec's refusal text. */
export function RequirePermission({ route, children }: { route: AppRoute; children: ReactNode }) {
  const role = useEffectiveRole();
  if (canOpenRoute(role, route)) return <>{children}</>;
  return (
    <Box sx={{ p: 4 }}>
      <Typography variant="h6" role="alert" data-testid="permission-denied">
        {route.forbiddenText ?? permissionDeniedMessage(role, routePermissionText(route))}
      </Typography>
    </Box>
  );
}
