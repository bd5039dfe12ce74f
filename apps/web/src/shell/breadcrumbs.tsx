import { Link as RouterLink, useParams } from 'react-router';
import { Box, Link, Typography } from '@mui/material';
import { APP_ROUTES, type AppRoute } from '../app/route-table';

/** The trail of a detail page: Home › its list › the record (the route's title and its last parameter). */
export function breadcrumbTrail(
  route: AppRoute,
  params: Record<string, string | undefined>,
): { label: string; to?: string }[] {
  const list = APP_ROUTES.find((r) => r.path === route.parent);
  const key = Object.values(params)
    .filter((v): v is string => !!v)
    .at(-1);
  return [
    { label: 'Home', to: '/' },
    ...(list ? [{ label: list.menu?.label ?? list.title, to: list.path }] : []),
    { label: key ? `${route.title} ${key}` : route.title },
  ];
}

/** One shared trail above every detail page (the routes with a `parent` list). */
export function Breadcrumbs({ route }: { route: AppRoute }) {
  const trail = breadcrumbTrail(route, useParams());
  return (
    <Box component="nav" aria-label="Breadcrumb" sx={{ px: { xs: 1.5, md: 3 }, pt: { xs: 1.5, md: 2 } }}>
      <Box
        component="ol"
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', m: 0, p: 0, listStyle: 'none' }}
      >
        {trail.map((crumb, i) => (
          <Box component="li" key={crumb.label} sx={{ display: 'flex', alignItems: 'center' }}>
            {i > 0 && (
              <Box component="span" aria-hidden sx={{ mx: 1, color: 'text.secondary' }}>
                ›
              </Box>
            )}
            {crumb.to ? (
              <Link
                component={RouterLink}
                to={crumb.to}
                sx={{ display: 'inline-flex', alignItems: 'center', minHeight: { xs: 44, sm: 0 } }}
              >
                {crumb.label}
              </Link>
            ) : (
              <Typography component="span" color="text.secondary" aria-current="page">
                {crumb.label}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
