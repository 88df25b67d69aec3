import GlobalStyles from '@mui/material/GlobalStyles';

/**
 * Print layout of the report: the shell's top bar, drawer and the page's buttons are hidden, the
 * content takes the whole width, and pages get margins that suit both A4 and Letter.
 */
export function ReportPrintStyles() {
  return (
    <GlobalStyles
      styles={{
        '@page': { size: 'auto', margin: '16mm 14mm' },
        '@media print': {
          'header.MuiAppBar-root, nav[aria-label="Sections"], .MuiDrawer-root, .no-print': { display: 'none !important' },
          'main.MuiBox-root, main': { width: '100% !important', padding: '0 !important' },
          'main > .MuiToolbar-root': { display: 'none !important' },
          body: { backgroundColor: '#fff' },
          '.report-section': { breakInside: 'avoid-page' },
          '.report-portfolio': { breakBefore: 'auto', breakInside: 'auto' },
          '.MuiPaper-root': { boxShadow: 'none !important' },
          // Links (the portfolio names) lead nowhere on paper: print them as text.
          'main a': { color: 'inherit !important' },
        },
      }}
    />
  );
}
