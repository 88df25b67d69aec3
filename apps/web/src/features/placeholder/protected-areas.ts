import { meridianTalkPages } from '@meridian/domain/navigation/menu';

/** Every protected route of spec part 2 §2 not built yet (besides the dashboard and market data), with the title its page shows. */
export const protectedAreas: { path: string; title: string }[] = [
  { path: 'prospects', title: 'Prospects' },
  { path: 'contacts', title: 'Contact Directory' },
  { path: 'agent-access', title: 'Agent Access' },
  { path: 'support', title: 'Support' },
  { path: 'scheduler', title: 'Scheduler' },
  { path: 'intelligence', title: 'Intelligence' },
  { path: 'predictive-analytics', title: 'Predictive Analytics' },
  { path: 'communication-intelligence', title: 'Communication Intelligence' },
  { path: 'external-data-integration', title: 'External Data Integration' },
  { path: 'ai-dashboard', title: 'AI Dashboard' },
  { path: 'ai-agents', title: 'AI Agents' },
  { path: 'conversational-ai', title: 'Conversational AI' },
  { path: 'tasks', title: 'Tasks' },
  { path: 'notifications', title: 'Notifications' },
  { path: 'advisory-intelligence', title: 'Advisory Intelligence' },
  { path: 'security-logs', title: 'Security Logs' },
  { path: 'meridiantalk', title: 'MeridianTalk' },
  { path: 'meridiantalk-test', title: 'MeridianTalk' },
  { path: 'meridiantalk-main', title: 'MeridianTalk' },
  ...meridianTalkPages.map((page) => ({ path: page.path.slice(1), title: `MeridianTalk: ${page.label}` })),
  { path: 'meridiantalk/voice-video', title: 'MeridianTalk: Voice & Video' },
  { path: 'profile', title: 'Profile' },
  { path: 'settings', title: 'Settings' },
  { path: 'help', title: 'Help' },
];
