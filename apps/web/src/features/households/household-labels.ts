import type { HouseholdRole } from '@meridian/domain/clients/contracts';

/** How a screen names a household role. */
export const householdRoleLabels: Record<HouseholdRole, string> = { head: 'Head', spouse: 'Spouse', child: 'Child', other: 'Other' };

/** A member's role as shown; a member without one shows as 'Member'. */
export const roleLabel = (role: HouseholdRole | null): string => (role ? householdRoleLabels[role] : 'Member');
