import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/**
 * An in-app text link in the primary colour (or the text's colour), always underlined so it stands
 * out from the text around it by more than colour (WCAG 1.4.1); the line darkens on hover and focus.
 * Built on Box rather than MUI's Link so the sign-in page's initial chunks do not change.
 */
export function TextLink({ to, children, inherit = false }: { to: string; children: ReactNode; inherit?: boolean }) {
  return (
    <Box
      component={RouterLink}
      to={to}
      sx={{
        color: inherit ? 'inherit' : 'primary.main',
        textDecoration: 'underline',
        textDecorationColor: 'color-mix(in srgb, currentColor 40%, transparent)',
        textUnderlineOffset: '0.15em',
        '&:hover, &:focus-visible': { textDecorationColor: 'currentColor' },
      }}
    >
      {children}
    </Box>
  );
}
