import { messages } from '@meridian/domain/shared/messages';

/**
 * Texts of the advisor dashboard (spec part 1 §2 and §8). `accessDenied` is the shared one of
 * messages.ts; the others are the dashboard's own and would move to packages/domain when a second
 * screen needs them.
 */
export const dashboardMessages = {
  title: 'Advisor Dashboard',
  welcome: (name: string) => `Welcome back, ${name}`,
  clientIntro: 'Your accounts, their holdings and their transactions are under Portfolios.',
  clientPortfolios: 'View your portfolios',

  // Spec §8, dashboard data.
  logInForLiveData: 'Please log in to view live client data.',
  accessDenied: messages.accessDenied,
  unreachableDemo: 'Unable to connect to server. Showing demo data.',
  unavailableDemo: 'Unable to load live data. Showing demo data.',
  demoData: 'Demo data',
  demoExplained: 'The figures below are sample figures, not your book.',

  // Headline cards.
  cardsHeading: 'Key figures',
  totalClients: 'Total Clients',
  totalAum: 'Assets Under Management',
  assessmentsCompleted: 'Assessments Completed',
  portfolioPerformance: 'Portfolio Performance',
  // What each card counts, over which period (the metrics panel counts completions to date).
  clientsCaption: 'Clients in your book today',
  aumCaption: 'Cash and holdings of the open portfolios today',
  assessmentsCaption: (period: string) => `Completed in ${period} so far, not to date`,
  versusWhole: (label: string) => `vs all of ${label}`,
  performanceCaption: 'Time-weighted return of your book over the last year',
  since: (label: string) => `since ${label}`,
  versus: (label: string) => `vs ${label}`,
  versusPriorYear: 'vs prior year',
  noPriorYear: 'No figure for the prior year yet',
  noPerformance: 'No valued history yet',
  noValue: '—',

  // Performance metrics panel.
  metricsHeading: 'Performance Metrics',
  metricsViews: 'Performance metrics views',
  overview: 'Overview',
  trends: 'Trends',
  lastUpdated: (date: string) => `Last updated ${date}`,
  target: (value: string) => `Target: ${value}`,
  ofTarget: (percent: number) => `${percent}% of target`,
  progressLabel: (label: string, percent: number) => `${label}: ${percent}% of target`,
  noTrends: 'No quarters to show yet',
  metricsFailed: 'Unable to load the performance metrics.',

  // Client table.
  clientsHeading: 'Client Portfolio',
  searchClients: 'Search clients',

  // Features grid.
  featuresHeading: 'New AI & Advanced Features',
  explore: 'Explore',
} as const;
