import { describe, expect, it } from 'vitest';
import { clientLimits, clientSortFields } from './contracts.ts';
import { clientListQuerySchema } from './list-query.ts';
import { createClientBodySchema, updateClientBodySchema } from './client-body.ts';
import { createHouseholdBodySchema, householdLimits, setHouseholdMembersBodySchema } from '../households/contracts.ts';
import { clientMessages } from '../shared/messages.ts';
import { householdMessages } from '../households/messages.ts';
import { syncVersionMax } from '../shared/sync-version.ts';

const messagesOf = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } | undefined }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('client bodies', () => {
  const base = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };

  it('reads moderate as medium, numeric text as numbers and blanks as no value', () => {
    const parsed = createClientBodySchema.parse({
      ...base,
      risk_capacity: 'Moderate',
      net_worth: ' 1500.25 ',
      annual_income: '',
      phone: '',
      notes: '  ',
    });
    expect(parsed).toMatchObject({ risk_capacity: 'medium', net_worth: 1500.25, annual_income: null, phone: null, notes: null });
  });

  it('words every broken rule as the form shows it', () => {
    const result = createClientBodySchema.safeParse({
      ...base,
      net_worth: -5,
      annual_income: -1,
      risk_capacity: 'bold',
      investment_experience: 'none',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      clientMessages.netWorthNegative,
      clientMessages.annualIncomeNegative,
      clientMessages.riskCapacityInvalid,
      clientMessages.investmentExperienceInvalid,
    ]);
  });

  it('refuses over-long text with its message before trimming or reading it', () => {
    const long = (max: number) => `${'x'.repeat(max)} `;
    const result = createClientBodySchema.safeParse({
      ...base,
      notes: long(clientLimits.notesMaxLength),
      address: long(clientLimits.addressMaxLength),
      financial_goals: long(clientLimits.goalsMaxLength),
      birth_date: '1990-01-01T00:00:00Z',
    });
    expect(messagesOf(result)).toEqual([
      ['birth_date', clientMessages.birthDateInvalid],
      ['address', clientMessages.addressTooLong],
      ['notes', clientMessages.notesTooLong],
      ['financial_goals', clientMessages.goalsTooLong],
    ]);
  });

  it('refuses a sync_version no integer column can hold', () => {
    expect(updateClientBodySchema.parse({ sync_version: syncVersionMax }).sync_version).toBe(syncVersionMax);
    expect(messagesOf(updateClientBodySchema.safeParse({ sync_version: syncVersionMax + 1 }))).toEqual([
      ['sync_version', clientMessages.syncVersionRequired],
    ]);
  });

  it('needs sync_version on update and nothing else', () => {
    expect(updateClientBodySchema.safeParse({ notes: 'x' }).error?.issues[0]?.message).toBe(clientMessages.syncVersionRequired);
    expect(updateClientBodySchema.parse({ sync_version: '3' })).toEqual({ sync_version: 3 });
  });
});

describe('clientListQuerySchema', () => {
  it('defaults to the first page of 50, by name ascending, with performance over 1Y', () => {
    expect(clientListQuerySchema.parse({})).toEqual({ sort: 'name', order: 'asc', page: 1, performance_period: '1Y' });
  });

  it('sorts by every column of the list, and its refusal names every field', () => {
    for (const sort of ['aum', 'performance', 'assessment_status', 'last_activity_at'])
      expect(clientListQuerySchema.parse({ sort, order: 'desc' })).toMatchObject({ sort, order: 'desc' });
    for (const field of clientSortFields) expect(clientMessages.sortInvalid).toContain(field);
    expect(clientListQuerySchema.safeParse({ sort: 'value' }).error?.issues[0]?.message).toBe(clientMessages.sortInvalid);
  });

  it('takes a performance period of 1M, 3M, YTD, 1Y, 3Y or SI and refuses others by name', () => {
    expect(clientListQuerySchema.parse({ performance_period: 'YTD' }).performance_period).toBe('YTD');
    const refused = clientListQuerySchema.safeParse({ performance_period: '5Y' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(clientMessages.performancePeriodInvalid);
  });

  it('takes lists comma-separated or repeated, case-insensitive, with All meaning no filter', () => {
    expect(clientListQuerySchema.parse({ risk_capacity: ['LOW,moderate', 'high'], investment_experience: 'All' })).toMatchObject({
      risk_capacity: ['low', 'medium', 'high'],
      investment_experience: undefined,
    });
    expect(clientListQuerySchema.parse({ assessment_status: 'in_progress,Complete' }).assessment_status).toEqual([
      'In Progress',
      'Complete',
    ]);
  });

  it('refuses a net worth filter beyond what a column holds', () => {
    expect(messagesOf(clientListQuerySchema.safeParse({ min_net_worth: '1e300' }))).toEqual([
      ['min_net_worth', clientMessages.amountTooLarge],
    ]);
    expect(messagesOf(clientListQuerySchema.safeParse({ max_net_worth: 'Infinity' }))).toEqual([
      ['max_net_worth', clientMessages.maxNetWorthInvalid],
    ]);
    expect(messagesOf(clientListQuerySchema.safeParse({ search: 'x'.repeat(clientLimits.searchMaxLength + 1) }))).toEqual([
      ['search', clientMessages.searchTooLong],
    ]);
  });

  it('refuses a page size out of 1-100', () => {
    for (const per_page of ['0', '101', 'x'])
      expect(clientListQuerySchema.safeParse({ per_page }).error?.issues[0]?.message).toBe(clientMessages.perPageInvalid);
  });
});

describe('household bodies', () => {
  it('name each limit in its message', () => {
    expect(householdMessages.nameTooLong).toContain(String(householdLimits.nameMax));
    expect(householdMessages.notesTooLong).toContain(String(householdLimits.notesMax));
  });

  it('refuses an over-long name and notes', () => {
    const body = { name: 'x'.repeat(householdLimits.nameMax + 1), notes: 'x'.repeat(householdLimits.notesMax + 1) };
    expect(messagesOf(createHouseholdBodySchema.safeParse(body))).toEqual([
      ['name', householdMessages.nameTooLong],
      ['notes', householdMessages.notesTooLong],
    ]);
  });
});

describe('household members', () => {
  const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
  it('allows one head and each client once', () => {
    expect(
      setHouseholdMembersBodySchema.safeParse({
        members: [
          { client_id: id(1), role: 'HEAD' },
          { client_id: id(2), role: 'child' },
        ],
      }).success,
    ).toBe(true);
    const twoHeads = setHouseholdMembersBodySchema.safeParse({
      members: [
        { client_id: id(1), role: 'head' },
        { client_id: id(2), role: 'head' },
      ],
    });
    expect(twoHeads.error?.issues.map((issue) => issue.message)).toEqual([householdMessages.oneHead]);
    const twice = setHouseholdMembersBodySchema.safeParse({
      members: [
        { client_id: id(1), role: 'head' },
        { client_id: id(1), role: 'spouse' },
      ],
    });
    expect(twice.error?.issues.map((issue) => issue.message)).toEqual([householdMessages.memberTwice]);
  });
});
