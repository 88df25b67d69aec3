import { createTheme } from '@mui/material/styles';

/**
 * Every colour that carries text (buttons, links, chips filled or outlined, avatars) reaches 4.5:1
 * against white and against the grey page (WCAG 2.1 AA), both as text and under white text:
 * primary #1565c0 5.75/5.27, secondary #c80046 5.92/5.43, warning #b94a00 5.19/4.77,
 * error #d32f2f 4.98/4.57, success #2e7d32 5.13/4.70, info #0265a5 6.16/5.65 (on #fff/#f5f5f5).
 */
const palette = {
  primary: '#1565c0',
  secondary: '#c80046',
  warning: '#b94a00',
  error: '#d32f2f',
  success: '#2e7d32',
  info: '#0265a5',
} as const;

/**
 * Keyboard focus is always visible: a solid ring around the focused control, drawn inside items
 * that sit flush in a list, menu or tab bar (their container would clip it) and in white on the
 * blue top bar.
 */
const focusRing = { outline: `2px solid ${palette.primary}`, outlineOffset: 2 } as const;
const insetFocusRing = { '&.Mui-focusVisible': { outlineOffset: -2 } } as const;

/** Global theme (spec part 2 §2): light, blue and pink-red, grey page, radius 8, Roboto. */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: palette.primary },
    secondary: { main: palette.secondary },
    warning: { main: palette.warning },
    error: { main: palette.error },
    success: { main: palette.success },
    info: { main: palette.info },
    background: { default: '#f5f5f5', paper: '#ffffff' },
  },
  shape: { borderRadius: 8 },
  breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } },
  typography: {
    fontFamily: '"Roboto", "Helvetica", "Arial", sans-serif',
    button: { textTransform: 'none' },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        // Links and other focusable elements that are not MUI buttons (chips with a tooltip).
        'a:focus-visible, [tabindex="0"]:focus-visible': focusRing,
        // A chart takes the focus on a layer of its own that hides its outline: ring the chart.
        '.MuiChartsSurface-root:has(> :focus-visible), .MuiChartsLayerContainer-root:has(> :focus-visible)': {
          ...focusRing,
          borderRadius: 4,
        },
      },
    },
    // Subtitles are text under a heading, not headings of their own (MUI would make them <h6>,
    // which breaks the page's heading order for assistive technology).
    MuiTypography: { defaultProps: { variantMapping: { subtitle1: 'p', subtitle2: 'p' } } },
    MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing } } },
    // A focused field's thicker border in CSS alone, so it shows on pre-rendered pages before
    // any script has run as well as after.
    MuiOutlinedInput: {
      styleOverrides: {
        root: {
          '&:focus-within .MuiOutlinedInput-notchedOutline': { borderWidth: 2 },
          '&:focus-within:not(.Mui-error) .MuiOutlinedInput-notchedOutline': { borderColor: palette.primary },
        },
      },
    },
    MuiListItemButton: { styleOverrides: { root: insetFocusRing } },
    MuiMenuItem: { styleOverrides: { root: insetFocusRing } },
    MuiTab: { styleOverrides: { root: insetFocusRing } },
    MuiAppBar: {
      styleOverrides: { root: { '& .Mui-focusVisible, & a:focus-visible': { outlineColor: '#ffffff' } } },
    },
    MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
    // MUI's unselected toggle text (54 % black) is 4.47:1 on the grey page; 60 % black is 5.7:1.
    MuiToggleButton: { styleOverrides: { root: { color: 'rgba(0, 0, 0, 0.6)', textTransform: 'none' } } },
  },
});
