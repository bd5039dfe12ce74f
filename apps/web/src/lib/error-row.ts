import { alpha, type Theme } from '@mui/material/styles';

/**
 * A row marked as failed (a refused scan, a pick that could not print): a tint of the theme's red, under which the
 * text and links of either colour scheme keep their contrast (error.light did not: white text on it in the dark).
 */
export const errorRow = (t: Theme) => ({ bgcolor: alpha(t.palette.error.main, 0.2) });
