import type { Household } from '@meridian/domain/households/contracts';
import type { HouseholdMemberInput } from '@meridian/domain/households/contracts';

/**
 * The member list to send with PUT /households/{id}/members, from the household as shown. A member
 * without a role (set through the client form) is sent as 'other', since the list names every role.
 */
export const memberInputsOf = (household: Household): HouseholdMemberInput[] =>
  household.members.map((member) => ({ client_id: member.client_id, role: member.role ?? 'other' }));
