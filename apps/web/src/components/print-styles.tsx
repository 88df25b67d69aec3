import GlobalStyles from '@mui/material/GlobalStyles';
import type { CSSObject } from '@mui/material/styles';

/**
 * Print layout of a printable page (a client report, questionnaire results): the shell's top bar,
 * drawer and the page's buttons (`.no-print`) are hidden, the content takes the whole width, pages
 * get margins that suit both A4 and Letter, and links print as text. `page` adds the page's own
 * rules, such as which panels stay whole.
 */
export function PrintStyles({ page }: { page: Record<string, CSSObject> }) {
  return (
    <GlobalStyles
      styles={{
        '@page': { size: 'auto', margin: '16mm 14mm' },
        '@media print': {
          'header.MuiAppBar-root, nav[aria-label="Sections"], .MuiDrawer-root, .no-print': { display: 'none !important' },
          'main.MuiBox-root, main': { width: '100% !important', padding: '0 !important' },
          'main > .MuiToolbar-root': { display: 'none !important' },
          body: { backgroundColor: '#fff' },
          '.MuiPaper-root': { boxShadow: 'none !important' },
          'main a': { color: 'inherit !important' },
          ...page,
        },
      }}
    />
  );
}
