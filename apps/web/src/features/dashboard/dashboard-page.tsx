import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { webMessages } from '@meridian/domain/web-messages';
import { useAppSelector } from '../../app/hooks.ts';
import { displayName } from '../shell/user-display.ts';

/** /dashboard: the title and a welcome line; the dashboard's content comes with its own issue. */
export function DashboardPage() {
  const user = useAppSelector((state) => state.auth.user);
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 500 }}>
        Advisor Dashboard
      </Typography>
      <Typography variant="subtitle1" color="text.secondary" sx={{ mb: 3 }}>
        Welcome back, {displayName(user)}
      </Typography>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography color="text.secondary">{webMessages.notAvailableYet}</Typography>
      </Paper>
    </>
  );
}
