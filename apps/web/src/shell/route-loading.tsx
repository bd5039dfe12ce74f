import { Box } from '@mui/material';

/**
 * What a route shows while its screen's chunk loads: a thin indeterminate bar under the app bar, so the shell
 * (top menu, location, user) stays on screen and usable. Plain CSS (no progress component in the first
 * download); it appears only after 150 ms, so a chunk already on its way does not flash a bar.
 */
export function RouteLoading() {
  return (
    <Box
      role="progressbar"
      aria-label="Loading page"
      data-testid="route-loading"
      sx={{
        height: 4,
        overflow: 'hidden',
        bgcolor: 'rgba(15, 77, 123, 0.2)',
        animation: 'ks-route-loading-in 0s linear 150ms both',
        '&::after': {
          content: '""',
          display: 'block',
          width: '40%',
          height: '100%',
          bgcolor: 'primary.main',
          animation: 'ks-route-loading-bar 1.2s ease-in-out infinite',
        },
        '@keyframes ks-route-loading-in': { from: { visibility: 'hidden' }, to: { visibility: 'visible' } },
        '@keyframes ks-route-loading-bar': {
          from: { transform: 'translateX(-100%)' },
          to: { transform: 'translateX(250%)' },
        },
      }}
    />
  );
}
