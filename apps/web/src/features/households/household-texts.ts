/**
 * What the household screens say when the server gives no detail. They belong with the other
 * screens' messages in packages/domain (messages.ts, householdMessages) once that file is open to edit.
 */
export const householdTexts = {
  fetchHouseholdsFailed: 'Failed to fetch households',
  fetchHouseholdFailed: 'Failed to fetch household',
  createHouseholdFailed: 'Failed to create household',
  updateHouseholdFailed: 'Failed to update household',
  updateMembersFailed: 'Failed to update household members',
  deleteHouseholdFailed: 'Failed to delete household',
  chooseClient: 'Choose a client',
} as const;
