/** Messages of households: kept out of shared/messages.ts, which the app's start-up chunk carries. */

/** Answers and validation messages of the households API. */
export const householdMessages = {
  householdNotFound: 'Household not found',
  householdChanged: 'This household was changed by someone else. Review the current version and save again.',
  nameRequired: 'Household name is required',
  nameTooLong: 'Household name must be at most 200 characters',
  notesTooLong: 'Notes must be at most 5000 characters',
  roleInvalid: 'Household role must be head, spouse, child or other',
  clientIdInvalid: 'client_id must be a valid id',
  oneHead: 'A household can have only one head',
  memberTwice: 'Each client can be listed only once',
  advisorRequired: 'Choose the advisor of this household (advisor_id), or add members who share one',
  memberOfOtherAdvisor: (name: string) => `${name} has another advisor: every member of a household must have the household's advisor`,
  memberElsewhere: (name: string) => `${name} already belongs to another household`,
} as const;
