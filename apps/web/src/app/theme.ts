import { createTheme } from '@mui/material/styles';

export const theme = createTheme({
  palette: { primary: { main: '#0f4D7B' }, secondary: { main: '#20B2BB' } },
  typography: { h4: { fontSize: '1.75rem', fontWeight: 600 } },
  components: { MuiButton: { defaultProps: { disableElevation: true } } },
});
