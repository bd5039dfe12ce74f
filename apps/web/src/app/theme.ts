import { createTheme } from '@mui/material/styles';

const palette = {
  primary: { main: '#0f4D7B' },
  secondary: { main: '#20B2BB' },
  background: { default: '#fafafa' },
  // MUI's orange (#ed6c02) gives white chip text and outlined text on white a contrast of 3.1; this amber gives 5.0.
  warning: { main: '#b45309' },
};

/**
 * Light and dark colour schemes; the system setting (prefers-color-scheme) picks one (docs/decisions.md, "The desk"). In the dark one the
 * primary blue is lighter so that text and outlines in it keep their contrast on the dark background.
 * On a phone every button is at least 44 px high and wide (touch targets).
 */
export const theme = createTheme({
  colorSchemes: {
    light: { palette },
    dark: {
      palette: {
        primary: { main: '#7cb6e6' },
        secondary: { main: '#4fd1d9' },
        // MUI's dark red (#f44336) under white text is 3.7; dark text on it is 5.6.
        error: { main: '#f44336', contrastText: 'rgba(0, 0, 0, 0.87)' },
      },
    },
  },
  typography: { h4: { fontSize: '1.75rem', fontWeight: 600 } },
  components: {
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: ({ theme }) => ({ [theme.breakpoints.down('sm')]: { minHeight: 44 } }) },
    },
    MuiIconButton: {
      styleOverrides: { root: ({ theme }) => ({ [theme.breakpoints.down('sm')]: { minHeight: 44, minWidth: 44 } }) },
    },
  },
});
