import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { type HouseholdRole, type InvestmentExperience, type RiskCapacity } from '@meridian/domain/clients/contracts';
import type { Db } from '../client.ts';
import { clients, households } from '../schema/clients.ts';
import { firms } from '../schema/firms.ts';
import { users } from '../schema/users.ts';
import { demoAccounts, demoFirmName } from './demo-accounts.ts';
import {
  firstNames,
  lastNames,
  streets,
  cities,
  areaCodes,
  emailDomains,
  goals,
  notes,
  netWorthRanges,
  categoryWeights,
} from './demo-client-words.ts';

/**
 * The demo firm's book: ~150 clients of Alex Chen and Priya Patel with varied, believable profiles,
 * 15 households (couples sharing a surname, some with adult children), and the demo client logins
 * linked to client records of the same names. Deterministic: a seeded generator, no Math.random;
 * only ages are counted back from the day of seeding. Does nothing if the firm already has clients.
 */

export type SeedClientsResult = { skipped: boolean; clients: number; households: number };

/** mulberry32: a small, fast, seedable generator (uniform in [0, 1)). */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  return { next, int, pick };
}

type PlannedClient = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  birthDate: string;
  address: string;
  netWorth: number | null;
  annualIncome: number | null;
  riskCapacity: RiskCapacity | null;
  investmentExperience: InvestmentExperience | null;
  financialGoals: string | null;
  notes: string | null;
  advisor: 'alex' | 'priya';
  household?: { key: number; role: HouseholdRole };
  userEmail?: string;
  createdDaysAgo: number;
};

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** The planned book, as data: pure, so a test can check its spread without a database. */
export function planDemoClients(
  today: Date,
  seed = 20_260_401,
): { clients: PlannedClient[]; households: Array<{ key: number; name: string; notes: string | null }> } {
  const random = generator(seed);
  const usedEmails = new Set<string>();
  const usedNames = new Set<string>();

  const categoryOf = () => {
    let roll = random.int(
      1,
      categoryWeights.reduce((a, b) => a + b, 0),
    );
    for (const [index, weight] of categoryWeights.entries()) {
      roll -= weight;
      if (roll <= 0) return index;
    }
    return 0;
  };
  const roundTo = (value: number, step: number) => Math.round(value / step) * step;
  const birthDateFor = (age: number) => {
    const date = new Date(Date.UTC(today.getUTCFullYear() - age, today.getUTCMonth(), today.getUTCDate()));
    date.setUTCDate(date.getUTCDate() - random.int(1, 360));
    return isoDate(date);
  };
  const emailFor = (first: string, last: string) => {
    const plain = (text: string) =>
      text
        .normalize('NFD')
        .replace(/[^A-Za-z]/g, '')
        .toLowerCase();
    const [f, l] = [plain(first), plain(last)];
    const patterns = [`${f}.${l}`, `${f[0]}${l}`, `${f}${l[0]}`, `${f}_${l}`];
    let local = random.pick(patterns);
    while (usedEmails.has(`${local}`)) local = `${random.pick(patterns)}${random.int(2, 99)}`;
    usedEmails.add(local);
    return `${local}@${random.pick(emailDomains)}`;
  };
  const phone = () => `+1 (${random.pick(areaCodes)}) 555-01${String(random.int(0, 99)).padStart(2, '0')}`;
  const address = () => {
    const [city, state, zip] = random.pick(cities);
    const unit = random.next() < 0.2 ? `, Apt ${random.int(1, 30)}${random.pick(['A', 'B', 'C'])}` : '';
    return `${random.int(100, 9899)} ${random.pick(streets)}${unit}, ${city}, ${state} ${zip}${String(random.int(1, 99)).padStart(2, '0')}`;
  };
  /** A profile to match an age: older clients hold more and take less risk, with plenty of exceptions. */
  const profile = (age: number, category = categoryOf()) => {
    const [low, high] = netWorthRanges[category] ?? [15_000, 95_000];
    const netWorth = roundTo(low + (high - low) * random.next() ** 1.6, 500);
    const working = age < 67;
    const floor = random.int(32, 64) * 1_000;
    const income = working
      ? roundTo(Math.max(floor, netWorth * (0.04 + random.next() * 0.18)), 1_000)
      : roundTo(floor * 0.6 + netWorth * 0.035, 1_000);
    const riskRoll = random.next() + (age - 50) / 90;
    const riskCapacity: RiskCapacity = riskRoll < 0.35 ? 'high' : riskRoll < 0.8 ? 'medium' : 'low';
    const years = Math.floor(random.next() ** 1.4 * Math.max(1, age - 20));
    const investmentExperience: InvestmentExperience =
      years <= 2 ? 'beginner' : years <= 5 ? 'intermediate' : years <= 10 ? 'advanced' : 'expert';
    const goalCount = random.int(1, 3);
    const chosen = new Set<string>();
    while (chosen.size < goalCount) chosen.add(random.pick(goals));
    return {
      netWorth,
      annualIncome: Math.min(income, 2_500_000),
      riskCapacity,
      investmentExperience,
      financialGoals: [...chosen].join('; '),
      notes: random.pick(notes),
    };
  };
  const person = (
    first: string,
    last: string,
    age: number,
    advisor: PlannedClient['advisor'],
    extra: Partial<PlannedClient> = {},
  ): PlannedClient => {
    usedNames.add(`${first} ${last}`);
    return {
      firstName: first,
      lastName: last,
      email: emailFor(first, last),
      phone: random.next() < 0.9 ? phone() : null,
      birthDate: birthDateFor(age),
      address: address(),
      ...profile(age),
      advisor,
      createdDaysAgo: random.int(5, 1_100),
      ...extra,
    };
  };
  const householdSurnames = new Set<string>();
  const freshName = (last?: string, newFamily = false) => {
    for (;;) {
      const first = random.pick(firstNames);
      const surname = last ?? random.pick(lastNames);
      if (newFamily && householdSurnames.has(surname)) continue;
      if (!usedNames.has(`${first} ${surname}`)) return [first, surname] as const;
    }
  };

  const planned: PlannedClient[] = [];
  const householdList: Array<{ key: number; name: string; notes: string | null }> = [];

  // The demo logins, as clients of the same names (Jordan Reyes's household is one of the 15).
  const login = (email: string) => demoAccounts.find((account) => account.email === email);
  const linked: Array<[string, PlannedClient['advisor'], number]> = [
    ['client@summitridge.example', 'alex', 41],
    ['sam.okafor@summitridge.example', 'alex', 36],
    ['lena.novak@summitridge.example', 'priya', 58],
    ['newclient@summitridge.example', 'priya', 29],
  ];
  for (const [email, advisor, age] of linked) {
    const account = login(email);
    if (!account) continue;
    const client = person(account.firstName, account.lastName, age, advisor, { email, userEmail: email, phone: account.phone });
    usedEmails.add(email.split('@')[0] ?? email);
    // The new client has just signed up: no profile yet (the spec's 'Not specified' state).
    if (email.startsWith('newclient'))
      Object.assign(client, {
        netWorth: null,
        annualIncome: null,
        riskCapacity: null,
        investmentExperience: null,
        financialGoals: null,
        notes: 'New client: onboarding call booked.',
        createdDaysAgo: 3,
      });
    planned.push(client);
  }

  // 15 households: 11 couples, 4 families with one or two adult children; alternating advisors.
  for (let key = 0; key < 15; key += 1) {
    const advisor: PlannedClient['advisor'] = key % 2 === 0 ? 'alex' : 'priya';
    const jordan = key === 0 ? planned.find((client) => client.userEmail === 'client@summitridge.example') : undefined;
    const [headFirst, surname] = jordan ? [jordan.firstName, jordan.lastName] : freshName(undefined, true);
    householdSurnames.add(surname);
    const headAge = jordan ? 41 : key < 11 ? random.int(30, 78) : random.int(58, 82);
    householdList.push({
      key,
      name: `${surname} Household`,
      notes: key < 11 ? null : 'Multi-generational planning: review estate documents yearly.',
    });
    const head = jordan ?? person(headFirst, surname, headAge, advisor);
    head.household = { key, role: 'head' };
    if (!jordan) planned.push(head);
    // A couple shares the home; grown children have their own.
    const [spouseFirst] = freshName(surname);
    planned.push(
      person(spouseFirst, surname, Math.max(25, headAge + random.int(-6, 4)), advisor, {
        household: { key, role: 'spouse' },
        address: head.address,
      }),
    );
    if (key >= 11) {
      for (let child = 0; child < (key % 2 === 0 ? 2 : 1); child += 1) {
        const [childFirst] = freshName(surname);
        planned.push(
          person(childFirst, surname, Math.max(25, headAge - random.int(26, 33)), advisor, { household: { key, role: 'child' } }),
        );
      }
    }
  }

  // Everyone else, to about 150, split between the two advisors.
  while (planned.length < 150) {
    const [first, last] = freshName();
    planned.push(person(first, last, random.int(25, 85), planned.length % 2 === 0 ? 'alex' : 'priya'));
  }
  return { clients: planned, households: householdList };
}

/** Seeds the demo firm's clients and households (see planDemoClients); run after the firm's accounts exist. */
export async function seedDemoClients(db: Db, options: { now?: () => Date } = {}): Promise<SeedClientsResult> {
  const now = options.now?.() ?? new Date();
  const [firm] = await db
    .select({ id: firms.id })
    .from(firms)
    .where(and(eq(firms.name, demoFirmName), eq(firms.kind, 'firm')))
    .orderBy(asc(firms.createdAt))
    .limit(1);
  if (!firm) return { skipped: true, clients: 0, households: 0 };
  const [existing] = await db.select({ total: count() }).from(clients).where(eq(clients.firmId, firm.id));
  if ((existing?.total ?? 0) > 0) return { skipped: true, clients: 0, households: 0 };

  const plan = planDemoClients(now);
  const accountEmails = [
    'alex.chen@summitridge.example',
    'priya.patel@summitridge.example',
    ...plan.clients.flatMap((c) => (c.userEmail ? [c.userEmail] : [])),
  ];
  const accounts = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.firmId, firm.id), inArray(users.email, accountEmails)));
  const userId = new Map(accounts.map((account) => [account.email, account.id]));
  const advisorId = { alex: userId.get('alex.chen@summitridge.example'), priya: userId.get('priya.patel@summitridge.example') };
  if (!advisorId.alex || !advisorId.priya) return { skipped: true, clients: 0, households: 0 };
  const advisors = advisorId as Record<PlannedClient['advisor'], string>;

  const daysAgo = (days: number, minutes = 0) => new Date(now.getTime() - days * 86_400_000 + minutes * 60_000);
  return db.transaction(async (tx) => {
    const householdRows = await tx
      .insert(households)
      .values(
        plan.households.map((household) => {
          const head = plan.clients.find((client) => client.household?.key === household.key && client.household.role === 'head');
          const created = daysAgo(head?.createdDaysAgo ?? 30);
          return {
            firmId: firm.id,
            advisorId: advisors[head?.advisor ?? 'alex'],
            name: household.name,
            notes: household.notes,
            createdAt: created,
            updatedAt: created,
          };
        }),
      )
      .returning({ id: households.id });
    const householdId = (key: number) => householdRows[key]?.id ?? null;
    await tx.insert(clients).values(
      plan.clients.map((client) => {
        const created = daysAgo(client.createdDaysAgo);
        return {
          firmId: firm.id,
          advisorId: advisors[client.advisor],
          userId: client.userEmail ? (userId.get(client.userEmail) ?? null) : null,
          householdId: client.household ? householdId(client.household.key) : null,
          householdRole: client.household?.role ?? null,
          firstName: client.firstName,
          lastName: client.lastName,
          email: client.email,
          phone: client.phone,
          birthDate: client.birthDate,
          address: client.address,
          netWorth: client.netWorth,
          annualIncome: client.annualIncome,
          riskCapacity: client.riskCapacity,
          investmentExperience: client.investmentExperience,
          financialGoals: client.financialGoals,
          notes: client.notes,
          createdAt: created,
          updatedAt: daysAgo(Math.min(client.createdDaysAgo, 2 + (client.createdDaysAgo % 40)), 17),
        };
      }),
    );
    return { skipped: false, clients: plan.clients.length, households: householdRows.length };
  });
}
