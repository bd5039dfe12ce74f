import { Link as RouterLink } from 'react-router';
import { Box, Card, CardContent, Link, List, ListItem, Typography } from '@mui/material';
import { hasPermission, PRODUCT_NAME } from '@keystone/contracts';
import {
  APP_ROUTES,
  MENU_GROUPS,
  canOpenRoute,
  isExactPath,
  routePermissionText,
  type AppRoute,
} from '../../../app/route-table';
import type { ReactNode } from 'react';
import { useEffectiveRole } from '../../../lib/session-store';

function RouteLink({ route }: { route: AppRoute }) {
  return isExactPath(route) ? (
    // On a phone a target of 44 px.
    <Link
      component={RouterLink}
      to={route.path}
      sx={{ display: { xs: 'inline-flex', sm: 'inline' }, alignItems: 'center', minHeight: { xs: 44, sm: 0 } }}
    >
      {route.menu?.label ?? route.title}
    </Link>
  ) : (
    <Typography component="span" variant="body2" color="text.secondary">
      {route.path} — {route.title}
    </Typography>
  );
}

/** Routes grouped as in the menu, each card listing its routes (with the permission each needs when asked). */
function RouteCards({
  routes,
  showPermission,
  testId,
}: {
  routes: readonly AppRoute[];
  showPermission: boolean;
  testId: string;
}) {
  const groups = [...MENU_GROUPS, 'Other'] as const;
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}
      data-testid={testId}
    >
      {groups.map((group) => {
        const inGroup = routes.filter((r) => (r.menu?.group ?? 'Other') === group);
        if (inGroup.length === 0) return null;
        return (
          <Card key={group} variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2">
                {group}
              </Typography>
              <List dense>
                {inGroup.map((r) => (
                  <ListItem key={r.path} sx={{ display: 'block' }}>
                    <RouteLink route={r} />
                    {showPermission && (
                      <Typography component="span" variant="caption" color="text.secondary">
                        {' '}
                        ({routePermissionText(r)})
                      </Typography>
                    )}
                  </ListItem>
                ))}
              </List>
            </CardContent>
          </Card>
        );
      })}
    </Box>
  );
}

/** Routes that carry a permission and that the role may open (000 §1, 002 §2 Home). */
export function permittedRoutes(role: string, exactOnly: boolean): AppRoute[] {
  return APP_ROUTES.filter(
    (r) => (r.permission || r.anyOf) && r.path !== '/' && canOpenRoute(role, r) && (!exactOnly || isExactPath(r)),
  );
}

export function HomePage() {
  const role = useEffectiveRole();
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Welcome to {PRODUCT_NAME}
      </Typography>
      {hasPermission(role, 'dev-route:view') ? (
        <RouteCards routes={APP_ROUTES} showPermission testId="site-map" />
      ) : (
        <RouteCards routes={permittedRoutes(role, false)} showPermission={false} testId="permitted-routes" />
      )}
    </Box>
  );
}

/**
 * The welcome page links to permitted pages with exact paths (002 §2). `banner` is shown above them: the app passes
 * the carousel feature's public component (features stay out of each other).
 */
export function WelcomePage({ banner }: { banner?: ReactNode }) {
  const role = useEffectiveRole();
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Welcome to {PRODUCT_NAME}
      </Typography>
      {banner}
      <RouteCards routes={permittedRoutes(role, true)} showPermission={false} testId="permitted-routes" />
    </Box>
  );
}
