import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type Props = { title: string; testId: string; children: ReactNode; padded?: boolean };

/** One titled panel of the analytics page. */
export function AnalyticsSection({ title, testId, children, padded = true }: Props) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{ mb: 3, p: padded ? 2 : 0, pt: 2, minWidth: 0 }}
      data-testid={testId}
    >
      <Typography variant="h6" component="h2" sx={{ mb: 1, px: padded ? 0 : 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
