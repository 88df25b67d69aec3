export type NavigationLeaf = { label: string; path: string; icon?: string };
export type NavigationItem = NavigationLeaf & { children?: NavigationLeaf[] };

/** The MeridianTalk sub-pages under /meridiantalk/ (spec part 1 §2). */
export const meridianTalkPages: NavigationLeaf[] = [
  { label: 'Core Messaging', path: '/meridiantalk/core-messaging', icon: 'chat' },
  { label: 'AI Assistant', path: '/meridiantalk/ai-assistant', icon: 'assistant' },
  {
    label: 'AI Conversation Intelligence',
    path: '/meridiantalk/ai-conversation-intelligence',
    icon: 'insights',
  },
  { label: 'Compliance & Security', path: '/meridiantalk/compliance-security', icon: 'security' },
  { label: 'Supervisory Review', path: '/meridiantalk/supervisory-review', icon: 'review' },
  { label: 'Team Collaboration', path: '/meridiantalk/team-collaboration', icon: 'team' },
  { label: 'Analytics & Insights', path: '/meridiantalk/analytics-insights', icon: 'analytics' },
  { label: 'Client Management', path: '/meridiantalk/client-management', icon: 'people' },
  { label: 'CRM Integrations', path: '/meridiantalk/crm-integrations', icon: 'integrations' },
  {
    label: 'Performance Monitoring',
    path: '/meridiantalk/performance-monitoring',
    icon: 'speed',
  },
];

/** The built-in sidebar menu (spec part 1 §2), the fallback when no configuration file loads. */
export const defaultNavigation: NavigationItem[] = [
  { label: 'Dashboard', path: '/dashboard', icon: 'dashboard' },
  { label: 'Clients', path: '/clients', icon: 'clients' },
  { label: 'Prospects', path: '/prospects', icon: 'prospects' },
  { label: 'Client Profiles', path: '/client-profiles', icon: 'client-profiles' },
  { label: 'Portfolios', path: '/portfolios', icon: 'portfolios' },
  { label: 'Portfolio Analytics', path: '/portfolio-analytics', icon: 'portfolio-analytics' },
  { label: 'Market Data', path: '/market-data', icon: 'market-data' },
  { label: 'Assessments', path: '/assessments', icon: 'assessments' },
  { label: 'Assessment Manager', path: '/assessment-manager', icon: 'assessment-manager' },
  { label: 'AI Dashboard', path: '/ai-dashboard', icon: 'ai-dashboard' },
  { label: 'AI Agents', path: '/ai-agents', icon: 'ai-agents' },
  { label: 'Conversational AI', path: '/conversational-ai', icon: 'conversational-ai' },
  { label: 'Intelligence', path: '/intelligence', icon: 'intelligence' },
  { label: 'Predictive Analytics', path: '/predictive-analytics', icon: 'predictive-analytics' },
  {
    label: 'Communication Intelligence',
    path: '/communication-intelligence',
    icon: 'communication-intelligence',
  },
  { label: 'Advisory Intelligence', path: '/advisory-intelligence', icon: 'advisory-intelligence' },
  {
    label: 'External Data Integration',
    path: '/external-data-integration',
    icon: 'external-data-integration',
  },
  { label: 'Tasks', path: '/tasks', icon: 'tasks' },
  { label: 'Notifications', path: '/notifications', icon: 'notifications' },
  { label: 'Contact Directory', path: '/contacts', icon: 'contacts' },
  { label: 'Scheduler', path: '/scheduler', icon: 'scheduler' },
  { label: 'MeridianTalk', path: '/meridiantalk', icon: 'messaging', children: meridianTalkPages },
];

/**
 * Whether a menu item is highlighted for the current path: the path starts with the item's path;
 * the dashboard item also matches the root.
 */
export function isNavigationItemSelected(itemPath: string, currentPath: string): boolean {
  if (itemPath === '/dashboard' && (currentPath === '/' || currentPath === '')) return true;
  return currentPath.startsWith(itemPath);
}
