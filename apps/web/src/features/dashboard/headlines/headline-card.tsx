import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { dashboardMessages as text } from '../dashboard-messages.ts';

type Props = {
  testId: string;
  label: string;
  icon: ReactNode;
  loading: boolean;
  value?: ReactNode;
  /** How the figure moved against the previous period. */
  change?: ReactNode;
  /** A small note under the figure (why it is 0, what it measures). */
  note?: string | null;
  /** What the figure counts, over which period. */
  caption?: string | null;
  /** The spec's sample figure, not the caller's book. */
  demo?: boolean;
};

/** One headline figure of the dashboard: label, value, change, and a skeleton while it loads. */
export function HeadlineCard({ testId, label, icon, loading, value, change, note, caption, demo = false }: Props) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }}
      data-testid={testId}
      aria-busy={loading}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="body2" color="text.secondary" component="p">
          {label}
        </Typography>
        <Box sx={{ color: 'primary.main', display: 'flex' }} aria-hidden>
          {icon}
        </Box>
      </Box>
      <Typography variant="h4" component="p" sx={{ fontWeight: 500 }} data-testid={`${testId}-value`}>
        {loading ? <Skeleton width={100} data-testid={`${testId}-skeleton`} /> : value}
      </Typography>
      {loading ? <Skeleton width={140} /> : change && <Box data-testid={`${testId}-change`}>{change}</Box>}
      {!loading && caption && (
        <Typography variant="caption" color="text.secondary" data-testid={`${testId}-caption`}>
          {caption}
        </Typography>
      )}
      {!loading && note && (
        <Typography variant="caption" color="text.secondary" data-testid={`${testId}-note`}>
          {note}
        </Typography>
      )}
      {demo && (
        <Box>
          <Chip size="small" icon={<ScienceOutlinedIcon />} label={text.demoData} sx={{ mt: 0.5 }} />
        </Box>
      )}
    </Paper>
  );
}
