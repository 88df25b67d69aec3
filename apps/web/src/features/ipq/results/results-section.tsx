import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/** A titled panel of the results, kept whole on a printed page. */
export function ResultsSection({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const headingId = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      data-testid={testId}
      className="results-section"
      sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}
    >
      <Typography variant="h6" component="h2" id={headingId} sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
