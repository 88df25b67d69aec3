/**
 * Texts of the client screens (/clients, /clients/new, /clients/{id}/edit|profile|report,
 * /client-profiles): the spec's client-store defaults (part 1 §8, part 2 §8) and our own labels.
 * A module of its own so that they travel with the screens' lazy chunks, not the sign-in page.
 */
export const clientScreenMessages = {
  // Spec defaults when the server gives no detail.
  fetchClientsFailed: 'Failed to fetch clients',
  fetchClientFailed: 'Failed to fetch client',
  createClientFailed: 'Failed to create client',
  updateClientFailed: 'Failed to update client',
  fetchSummaryFailed: 'Failed to fetch client summary',
  fetchStatsFailed: 'Failed to fetch client stats',
  searchClientsFailed: 'Failed to search clients',
  deleteClientFailed: 'Failed to delete client',

  // The risk band on the client form.
  riskBandHint:
    'Set by the investor questionnaire. Set it here only as your documented choice: a new client stays "Not assessed" until one of the two sets it.',
  riskBandReasonHint: 'Needed when you set or change the band: kept in the audit trail',

  // The list (spec part 1 §2).
  title: 'Clients',
  totalClients: (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'client' : 'clients'}`,
  addClient: 'Add Client',
  loading: 'Loading clients...',
  empty: 'No clients found',
  clear: 'Clear',
  cardTotalClients: 'Total Clients',
  cardTotalClientsHint: 'Clients matching the filters, today',
  cardTotalAum: 'Assets Under Management',
  cardTotalAumHint: 'Cash and holdings of their open portfolios today',
  cardPerformance: 'Portfolio Performance',
  cardPerformanceHint: (period: string) =>
    `Time-weighted return of your whole book over ${period}, as on the dashboard (the filters do not narrow it)`,
  cardPerformanceEmpty: 'No valued history yet',
  cardAssessments: 'Assessments Complete',
  cardAssessmentsHint: 'Share of these clients whose latest questionnaire is complete',
  noValue: '—',
  performanceColumn: (period: string) => `Performance (${period})`,
  performanceHint: (period: string) => `Time-weighted return of the client’s open portfolios over the chosen period (${period})`,
  performancePeriodLabel: 'Performance period',

  // The form.
  newTitle: 'New Client',
  editTitle: 'Edit Client',
  saveNew: 'Create Client',
  saveEdit: 'Save Changes',
  cancel: 'Cancel',
  unsavedTitle: 'Discard unsaved changes?',
  unsavedText: 'You have changes that are not saved. Leave this page and lose them?',
  stay: 'Stay',
  discard: 'Discard changes',
  conflictTitle: 'This client was changed by someone else',
  conflictReload: 'Load their version',

  // The profile and report.
  profileTitle: 'Client Profile',
  reportTitle: 'Client Report',
  edit: 'Edit',
  generateReport: 'Generate Report',
  delete: 'Delete',
  deleteTitle: 'Delete this client?',
  deleteText: (name: string) => `${name} will be removed from your client list. Their record is kept for the audit trail.`,
  print: 'Print',
  noPortfolios: 'No portfolios yet',
  noTransactions: 'No transactions yet',
  noHousehold: 'Not part of a household',
  noNotes: 'No notes',
  noGoals: 'No goals recorded',

  // /client-profiles.
  profilesTitle: 'Client Profiles',
  profilesSubtitle: 'Financial profiles of your firm’s clients',
} as const;
