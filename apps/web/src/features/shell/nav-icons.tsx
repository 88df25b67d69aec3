import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AnalyticsIcon from '@mui/icons-material/Analytics';
import AssessmentIcon from '@mui/icons-material/Assessment';
import AssignmentIcon from '@mui/icons-material/Assignment';
import AutoGraphIcon from '@mui/icons-material/AutoGraph';
import ChatIcon from '@mui/icons-material/Chat';
import CircleIcon from '@mui/icons-material/Circle';
import ContactsIcon from '@mui/icons-material/Contacts';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EventIcon from '@mui/icons-material/Event';
import ForumIcon from '@mui/icons-material/Forum';
import GavelIcon from '@mui/icons-material/Gavel';
import GroupsIcon from '@mui/icons-material/Groups';
import HubIcon from '@mui/icons-material/Hub';
import InsightsIcon from '@mui/icons-material/Insights';
import LightbulbIcon from '@mui/icons-material/Lightbulb';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PeopleIcon from '@mui/icons-material/People';
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import PieChartIcon from '@mui/icons-material/PieChart';
import PsychologyIcon from '@mui/icons-material/Psychology';
import QueryStatsIcon from '@mui/icons-material/QueryStats';
import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import RecordVoiceOverIcon from '@mui/icons-material/RecordVoiceOver';
import SecurityIcon from '@mui/icons-material/Security';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import SpeedIcon from '@mui/icons-material/Speed';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import TimelineIcon from '@mui/icons-material/Timeline';
import BadgeIcon from '@mui/icons-material/Badge';
import type { ReactElement } from 'react';

const icons: Record<string, ReactElement> = {
  dashboard: <DashboardIcon />,
  clients: <PeopleIcon />,
  prospects: <PersonSearchIcon />,
  'client-profiles': <BadgeIcon />,
  portfolios: <PieChartIcon />,
  'portfolio-analytics': <TimelineIcon />,
  'market-data': <ShowChartIcon />,
  assessments: <AssessmentIcon />,
  'assessment-manager': <AssignmentIcon />,
  'ai-dashboard': <AutoGraphIcon />,
  'ai-agents': <SmartToyIcon />,
  'conversational-ai': <QuestionAnswerIcon />,
  intelligence: <LightbulbIcon />,
  'predictive-analytics': <QueryStatsIcon />,
  'communication-intelligence': <RecordVoiceOverIcon />,
  'advisory-intelligence': <PsychologyIcon />,
  'external-data-integration': <HubIcon />,
  tasks: <TaskAltIcon />,
  notifications: <NotificationsIcon />,
  contacts: <ContactsIcon />,
  scheduler: <EventIcon />,
  messaging: <ForumIcon />,
  chat: <ChatIcon />,
  assistant: <SupportAgentIcon />,
  insights: <InsightsIcon />,
  security: <SecurityIcon />,
  review: <GavelIcon />,
  team: <GroupsIcon />,
  analytics: <AnalyticsIcon />,
  people: <PeopleIcon />,
  integrations: <AccountTreeIcon />,
  speed: <SpeedIcon />,
};

/** The icon of a menu entry; unknown keys get a small dot. */
export function navIcon(key: string | undefined): ReactElement {
  return (key && icons[key]) || <CircleIcon sx={{ fontSize: 10 }} />;
}
