import { createTheme } from '@mui/material/styles';

/** Deep colours so white text and links keep WCAG AA contrast. */
export const theme = createTheme({
  palette: {
    primary: { main: '#283593' },
    secondary: { main: '#ad1457' },
    background: { default: '#f7f7fb' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '2.4rem', fontWeight: 700 },
    h2: { fontSize: '1.8rem', fontWeight: 700 },
    h3: { fontSize: '1.25rem', fontWeight: 600 },
  },
  components: {
    // Each text field would add MUI's autofill keyframes in a stylesheet of its own once the page
    // is live: they are in index.html once, with the fields' autofill animations MUI listens to.
    MuiInputBase: { defaultProps: { disableInjectingGlobalStyles: true } },
    // The default unselected toggle colour falls just short of 4.5:1 on the page background.
    MuiToggleButton: { styleOverrides: { root: { color: 'rgba(0, 0, 0, 0.7)' } } },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { textTransform: 'none' } },
    },
  },
});
