import { z } from 'zod';
import { clientLimits, householdRoles } from '../clients/contracts.ts';
import { searchQuerySchema } from '../clients/list-query.ts';
import { idSchema } from '../shared/ids.ts';
import { clientMessages } from '../shared/messages.ts';
import { householdMessages } from './messages.ts';
import { pageOf, pageQuery } from '../shared/pagination.ts';
import { syncVersion } from '../shared/sync-version.ts';

/**
 * Households: a family (or other group) whose portfolios an advisor looks at together. A household
 * has one advisor, and every member is a client of that advisor; at most one member is its head.
 */

const roleSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
  z.enum(householdRoles, { error: householdMessages.roleInvalid }),
);

const householdMemberInputSchema = z.object({
  client_id: idSchema(householdMessages.clientIdInvalid),
  role: roleSchema,
});
export type HouseholdMemberInput = z.infer<typeof householdMemberInputSchema>;

export const householdLimits = { nameMax: 200, notesMax: 5000 } as const;

const name = z
  .string({ error: householdMessages.nameRequired })
  .max(householdLimits.nameMax, { abort: true, error: householdMessages.nameTooLong })
  .trim()
  .min(1, householdMessages.nameRequired);
const notes = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z.string().max(householdLimits.notesMax, { abort: true, error: householdMessages.notesTooLong }).trim().nullish(),
);

/** The member list must not name a client twice nor two heads. */
const members = z.array(householdMemberInputSchema).superRefine((list, ctx) => {
  const ids = list.map((member) => member.client_id.toLowerCase());
  if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', message: householdMessages.memberTwice });
  if (list.filter((member) => member.role === 'head').length > 1) ctx.addIssue({ code: 'custom', message: householdMessages.oneHead });
});

/** POST /households. An advisor's households are their own; an admin names advisor_id or adds members who share one. */
export const createHouseholdBodySchema = z.object({
  name,
  notes,
  advisor_id: idSchema(clientMessages.advisorIdInvalid).optional(),
  members: members.optional(),
});
export type CreateHouseholdBody = z.infer<typeof createHouseholdBodySchema>;

/** PUT /households/{id}: name, notes and (admins) advisor_id — the members move with it — plus sync_version. */
export const updateHouseholdBodySchema = z.object({
  name: name.optional(),
  notes,
  advisor_id: idSchema(clientMessages.advisorIdInvalid).optional(),
  sync_version: syncVersion(clientMessages.syncVersionRequired),
});
export type UpdateHouseholdBody = z.infer<typeof updateHouseholdBodySchema>;

/** PUT /households/{id}/members: the whole member list; clients left out leave the household. */
export const setHouseholdMembersBodySchema = z.object({
  members,
  /** The household's version last read; a stale one is refused (409). Optional. */
  sync_version: syncVersion(clientMessages.syncVersionInvalid).optional(),
});

export const deleteHouseholdQuerySchema = z.object({
  sync_version: syncVersion(clientMessages.syncVersionInvalid).optional(),
});

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

export const householdListQuerySchema = z.object({
  /** Case-insensitive substring of the household's name. */
  search: searchQuerySchema,
  advisor_id: z.preprocess(emptyToUndefined, idSchema(clientMessages.advisorIdInvalid).optional()),
  ...pageQuery({ perPageDefault: clientLimits.perPageDefault, limit: true }),
});
export type HouseholdListQuery = z.infer<typeof householdListQuerySchema>;

const householdMemberSchema = z.object({
  client_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(householdRoles).nullable(),
  /** The member's AUM (see the client's `aum`). */
  aum: z.number(),
});
export type HouseholdMember = z.infer<typeof householdMemberSchema>;

export const householdSchema = z.object({
  id: z.string(),
  name: z.string(),
  notes: z.string().nullable(),
  advisor_id: z.string(),
  advisor_name: z.string(),
  /** Head first, then spouse, child, other; by name within a role. */
  members: z.array(householdMemberSchema),
  member_count: z.number().int(),
  /** Σ of the members' AUM. */
  aum: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  sync_version: z.number().int(),
});
export type Household = z.infer<typeof householdSchema>;

export const householdListResponseSchema = pageOf('households', householdSchema);
export type HouseholdListResponse = z.infer<typeof householdListResponseSchema>;

export const householdConflictSchema = z.object({ detail: z.string(), current: householdSchema });
