import type { Household, HouseholdMember } from '@meridian/domain/households/contracts';

export const householdId = '44444444-4444-4444-8444-444444444444';
export const mariaId = '11111111-1111-4111-8111-111111111111';
export const carlosId = '11111111-1111-4111-8111-111111111112';
export const sofiaId = '11111111-1111-4111-8111-111111111113';

const sampleMember = (overrides: Partial<HouseholdMember> = {}): HouseholdMember => ({
  client_id: mariaId,
  first_name: 'Maria',
  last_name: 'Lopez',
  email: 'maria.lopez@example.com',
  role: 'head',
  aum: 13500,
  ...overrides,
});

export const carlos = sampleMember({
  client_id: carlosId,
  first_name: 'Carlos',
  last_name: 'Lopez',
  email: 'carlos.lopez@example.com',
  role: 'spouse',
  aum: 6500.5,
});

export const sampleHousehold = (overrides: Partial<Household> = {}): Household => ({
  id: householdId,
  name: 'Lopez Family',
  notes: 'Prefers quarterly reviews',
  advisor_id: 'u1',
  advisor_name: 'Alex Chen',
  members: [sampleMember(), carlos],
  member_count: 2,
  aum: 20000.5,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  sync_version: 4,
  ...overrides,
});

/** A client as the client picker reads it (GET /clients). */
const pickerClient = { id: sofiaId, first_name: 'Sofia', last_name: 'Lopez', email: 'sofia.lopez@example.com' };
export const clientPage = { clients: [pickerClient], total: 1, page: 1, per_page: 20, pages: 1 };
