import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/**
 * An in-app text link in the primary colour (or the text's colour), underlined on hover. Built on
 * Box rather than MUI's Link so the sign-in page's initial chunks do not change.
 */
export function TextLink({ to, children, inherit = false }: { to: string; children: ReactNode; inherit?: boolean }) {
  return (
    <Box
      component={RouterLink}
      to={to}
      sx={{ color: inherit ? 'inherit' : 'primary.main', textDecoration: 'none', '&:hover, &:focus-visible': { textDecoration: 'underline' } }}
    >
      {children}
    </Box>
  );
}
