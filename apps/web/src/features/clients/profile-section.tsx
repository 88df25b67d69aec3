import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A titled panel of the client pages. */
export function ProfileSection({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, breakInside: 'avoid' }} data-testid={testId} component="section">
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** A label and its value, one per line. */
export function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Typography variant="body2" sx={{ display: 'flex', gap: 1, py: 0.5 }} component="div">
      <Typography component="span" variant="body2" color="text.secondary" sx={{ minWidth: 120 }}>
        {label}
      </Typography>
      <span>{value}</span>
    </Typography>
  );
}
