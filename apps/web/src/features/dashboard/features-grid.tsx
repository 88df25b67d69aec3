import AutoGraphIcon from '@mui/icons-material/AutoGraph';
import ChatIcon from '@mui/icons-material/Chat';
import InsightsIcon from '@mui/icons-material/Insights';
import NotificationsIcon from '@mui/icons-material/Notifications';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { dashboardMessages as text } from './dashboard-messages.ts';

type Feature = { title: string; description: string; path: string; icon: ReactElement };

/** Spec part 1 §2: the six cards and where each goes. */
const dashboardFeatures: Feature[] = [
  { title: 'AI Dashboard', description: 'Insights across your book at a glance.', path: '/ai-dashboard', icon: <AutoGraphIcon /> },
  { title: 'AI Agents', description: 'Assistants that prepare research and follow-ups.', path: '/ai-agents', icon: <SmartToyIcon /> },
  {
    title: 'Conversational AI',
    description: 'Ask questions about clients and portfolios.',
    path: '/conversational-ai',
    icon: <ChatIcon />,
  },
  {
    title: 'Advisory Intelligence',
    description: 'Recommendations grounded in each client’s profile.',
    path: '/advisory-intelligence',
    icon: <InsightsIcon />,
  },
  { title: 'Task Management', description: 'Plan, assign and track your team’s work.', path: '/tasks', icon: <TaskAltIcon /> },
  { title: 'Notifications', description: 'Alerts on clients, markets and deadlines.', path: '/notifications', icon: <NotificationsIcon /> },
];

/**
 * 'New AI & Advanced Features': a click anywhere on a card goes to its page; its one focusable
 * control, the Explore link, goes there from the keyboard (no control nested in another).
 */
export function FeaturesGrid() {
  const navigate = useNavigate();
  return (
    <Box component="section" aria-labelledby="dashboard-features-heading">
      <Typography variant="h6" component="h2" id="dashboard-features-heading" sx={{ mb: 2 }}>
        {text.featuresHeading}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
        {dashboardFeatures.map((feature) => (
          <Paper
            key={feature.path}
            variant="outlined"
            data-testid={`feature-${feature.path.slice(1)}`}
            onClick={() => void navigate(feature.path)}
            sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1, cursor: 'pointer', '&:hover': { borderColor: 'primary.main' } }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'primary.main' }}>
              <Box aria-hidden sx={{ display: 'flex' }}>
                {feature.icon}
              </Box>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500, color: 'text.primary' }}>
                {feature.title}
              </Typography>
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
              {feature.description}
            </Typography>
            <Box>
              <Button
                component={RouterLink}
                to={feature.path}
                size="small"
                aria-label={`${text.explore} ${feature.title}`}
                // The link navigates itself; the card must not navigate a second time.
                onClick={(event) => event.stopPropagation()}
              >
                {text.explore}
              </Button>
            </Box>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}
