import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { webMessages } from '@meridian/domain/shared/web-messages';

type Props = { heading: string; children: ReactNode; maxWidth?: number };

/** The public screens' frame: platform title, tagline and a card with the screen's heading. */
export function PublicLayout({ heading, children, maxWidth = 440 }: Props) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        px: 2,
        py: 4,
      }}
    >
      <Box sx={{ width: '100%', maxWidth }}>
        <Box sx={{ textAlign: 'center', mb: 3 }}>
          <Typography variant="h3" component="p" color="primary" sx={{ fontWeight: 700 }}>
            {webMessages.platformTitle}
          </Typography>
          <Typography variant="subtitle1" color="text.secondary">
            {webMessages.tagline}
          </Typography>
        </Box>
        <Paper elevation={3} sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography variant="h5" component="h1" sx={{ mb: 3, fontWeight: 500, textAlign: 'center' }}>
            {heading}
          </Typography>
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
