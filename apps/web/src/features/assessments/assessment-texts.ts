/**
 * What the assessment screens say. The validation messages shared with the server are
 * `assessmentTemplateMessages` in packages/domain; these are the screens' own words.
 */
export const assessmentTexts = {
  // The list
  listTitle: 'Assessments',
  listSubtitle: 'Questionnaires assigned across your book: who has answered, who is due',
  myTitle: 'My assessments',
  mySubtitle: 'Questionnaires your advisor has asked you to complete',
  assign: 'Assign assessment',
  listFailed: 'Failed to fetch assessments',
  listEmpty: 'No assessments match these filters.',
  listEmptyNone: 'No assessments yet. Assign one to your clients with Assign assessment.',
  myEmpty: 'No assessments for you yet.',
  openTitle: (count: number) =>
    count === 1 ? 'Your advisor asks you to complete a questionnaire' : `Your advisor asks you to complete ${count} questionnaires`,
  statusFilter: 'Status',
  templateFilter: 'Questionnaire',
  advisorFilter: 'Advisor',
  searchFilter: 'Search clients',
  overdueFilter: 'Overdue only',
  all: 'All',
  clear: 'Clear',
  overdue: 'Overdue',

  // The assign dialog
  assignTitle: 'Assign assessment',
  assignSubmit: 'Assign',
  template: 'Questionnaire',
  chooseTemplate: 'Choose a questionnaire',
  clients: 'Clients',
  clientsHelp: 'Type a name or e-mail to find clients',
  noMatchingClients: 'No matching clients',
  typeToSearch: 'Type to search clients',
  dueDate: 'Due date (optional)',
  assignFailed: 'The assessment could not be assigned',
  assigned: (assigned: number, alreadyOpen: number) =>
    `Assigned to ${assigned} ${assigned === 1 ? 'client' : 'clients'}${alreadyOpen > 0 ? ` (${alreadyOpen} already had one open)` : ''}`,
  assignedTitle: 'Assessment assigned',
  assignMore: 'Assign more',
  done: 'Done',
  templatesFailed: 'Failed to fetch questionnaires',

  // Taking one
  backToList: 'Back to assessments',
  fetchFailed: 'Failed to fetch the assessment',
  forClient: (client: string) => `For ${client}`,
  due: (date: string) => `Due ${date}`,
  requiredNote: 'Questions marked * need an answer before you submit.',
  required: '(required)',
  answered: (answered: number, total: number) => `${answered} of ${total} answered`,
  saveProgress: 'Save progress',
  submit: 'Submit',
  saved: 'Progress saved.',
  saveFailed: 'The answers could not be saved',
  fixAnswers: 'Some answers need attention: see the messages below.',
  conflictReloaded: 'The answers shown are now the current ones: review them and save again.',
  alreadyComplete: 'This assessment is complete: its answers can no longer change.',
  viewCompleted: 'View the completed assessment',
  scaleRange: (min: number, max: number) => `from ${min} to ${max}`,
  numberRange: (min: number | undefined, max: number | undefined) =>
    min !== undefined && max !== undefined
      ? `From ${min} to ${max}`
      : min !== undefined
        ? `At least ${min}`
        : max !== undefined
          ? `At most ${max}`
          : ' ',
  chooseAny: 'Choose all that apply.',

  // A completed one
  completedOn: (date: string) => `Completed ${date}`,
  total: 'Total score',
  sectionScore: 'Section score',
  scoreOf: (score: number, max: number) => `${formatPoints(score)} / ${formatPoints(max)}`,
  /** The one kind of score every questionnaire shows: the percent (to one decimal) of the most it could score. */
  scorePercent: (percent: number) => `${percent}%`,
  notScored: 'Not scored',
  noAnswer: 'No answer',
  notComplete: 'This assessment is not complete yet.',

  // The manager
  managerTitle: 'Assessment Manager',
  managerSubtitle: 'Your questionnaires: their questions, versions and whether they measure consistently',
  newTemplate: 'New template',
  edit: 'Edit',
  templates: 'Templates',
  builtIn: 'Built-in',
  inactive: 'Inactive',
  active: 'Active',
  activeFor: (name: string) => `Active: ${name}`,
  questionCount: (count: number) => `${count} ${count === 1 ? 'question' : 'questions'}`,
  versionLabel: (version: number) => `Version ${version}`,
  responseCounts: (pending: number, inProgress: number, complete: number) =>
    `${pending} pending · ${inProgress} in progress · ${complete} complete`,
  chooseTemplatePrompt: 'Choose a template to see its questions and statistics.',
  templateFailed: 'Failed to fetch the template',
  activeFailed: 'The template could not be changed',
  staffOnly: 'The assessment manager is for advisors and firm admins.',
  versions: 'Versions',
  questions: 'Questions',
  statistics: 'Statistics',
  reliability: "Reliability (Cronbach's alpha)",
  reliabilityHelp:
    'How consistently the scored questions of each section measure one thing, over the complete responses to the current version.',
  needsResponses: (minimum: number, sofar: number) => `Needs ${minimum} complete responses (${sofar} so far)`,
  needsItems: 'Needs at least two scored questions',
  alphaUndefined: 'Not computable: the answers do not vary',
  respondents: (count: number) => `${count} ${count === 1 ? 'respondent' : 'respondents'}`,
  ipqQuestions: 'The investor personality questionnaire is built in: its four modules are answered on their own screen.',
  ipqReliability: 'Reliability is computed for the firm’s own templates.',
  distribution: 'Score distribution',
  distributionHelp: (complete: number) =>
    `Total scores of the ${complete} complete ${complete === 1 ? 'response' : 'responses'} to the current version, in bands of 10 points.`,
  scoreBand: 'Score band',
  responsesCount: 'Responses',
  noResponses: 'No complete responses yet.',
  created: 'Created',
  typeLabels: { single_choice: 'Single choice', multiple_choice: 'Multiple choice', scale: 'Scale', number: 'Number', text: 'Text' },
  weight: (weight: number) => `weight ${weight}`,
  reverse: 'reverse-keyed',
} as const;

/** Points as shown: whole numbers plainly, others to at most two decimals. */
export function formatPoints(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
}
