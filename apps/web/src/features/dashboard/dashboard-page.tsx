import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../../app/hooks.ts';
import { displayName } from '../../lib/user-display.ts';
import { ClientPortfolioTable } from './client-portfolio-table.tsx';
import { dashboardMessages as text } from './dashboard-messages.ts';
import { isDemo, statusMessage } from './dashboard-status.ts';
import { FeaturesGrid } from './features-grid.tsx';
import { HeadlineCards } from './headlines/headline-cards.tsx';
import { MetricsPanel } from './metrics/metrics-panel.tsx';
import { useDashboardAnalytics } from './use-dashboard-analytics.ts';
import { OpenAssessments } from '../assessments/index.ts';

/**
 * /dashboard (spec part 1 §2): four headline cards, the performance metrics, the client table and
 * the features grid, from live figures. When the server cannot be reached or cannot answer, the
 * spec's demo figures, labelled as such; a 401 or 403 shows only why (spec §8). A client user, who
 * may not see a book's figures, is pointed to their own accounts instead of being refused.
 */
export function DashboardPage() {
  const user = useAppSelector((state) => state.auth.user);
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 500 }}>
        {text.title}
      </Typography>
      <Typography variant="subtitle1" color="text.secondary" sx={{ mb: 3 }}>
        {text.welcome(displayName(user))}
      </Typography>
      {user?.role_name === 'client' ? <ClientWelcome /> : <AdvisorDashboard />}
    </>
  );
}

function ClientWelcome() {
  return (
    <Paper variant="outlined" sx={{ p: 3 }} data-testid="dashboard-client">
      <OpenAssessments />
      <Typography sx={{ mb: 2 }}>{text.clientIntro}</Typography>
      <Button component={RouterLink} to="/portfolios" variant="contained">
        {text.clientPortfolios}
      </Button>
    </Paper>
  );
}

function AdvisorDashboard() {
  const { signedIn, status, aum, clients, assessments, performance, metrics } = useDashboardAnalytics();
  const demo = isDemo(status);
  const blocked = status === 'signed-out' || status === 'denied';
  return (
    <>
      {status !== 'live' && (
        <Alert severity={statusMessage[status].severity} sx={{ mb: 3 }} data-testid="dashboard-status">
          {statusMessage[status].text}
          {demo && ` ${text.demoExplained}`}
        </Alert>
      )}
      {!blocked && (
        <>
          <HeadlineCards demo={demo} aum={aum} clients={clients} assessments={assessments} performance={performance} />
          <MetricsPanel demo={demo} data={metrics.data?.data} isLoading={metrics.isLoading} />
          <ClientPortfolioTable skip={!signedIn} />
        </>
      )}
      <FeaturesGrid />
    </>
  );
}
