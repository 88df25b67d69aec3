/**
 * A large book on PostgreSQL for the scale benchmarks (bench/clients.ts):
 *
 *   npx tsx bench/seed-large.ts        (or: npm run seed-large -w bench)
 *
 * The database is BENCH_DATABASE_URL, by default postgres://postgres@127.0.0.1:5432/meridian_bench_large
 * (created when missing, through the admin connection to the `postgres` or `test` database). Steps:
 * migrate and seed the demo firm exactly as the product does (migrate() + seedDemo()), then add to
 * that firm 23 advisors (25 with Alex Chen and Priya Patel, one argon2 hash of 'Advisor#2026' for
 * all), 100,000 clients, ~250,000 portfolios with their ledgers (~2,000,000 transactions) and the
 * holdings and cash the ledgers replay to, then every portfolio's daily valuations and the advisors'
 * books (the product's extendValuations, ~90M rows), then VACUUM (ANALYZE).
 *
 * The ledgers are the demo's kind, shortened to ~8 entries a portfolio (the demo's three years of
 * monthly dividends and fees would make ~40M rows): an initial deposit, buys of 3-6 securities at
 * the simulated close of the first trading day of a month, later a dividend, a quarterly fee and
 * sometimes a contribution, a partial sale or an investment of the spare cash. Every amount comes
 * from the ledger functions (@meridian/domain/portfolios/ledger: cashEffect, tradeValue, positionFromTransactions,
 * cashBalance), so holdings and cash_balance are exactly what the ledger replays to.
 *
 * Deterministic: every draw (and every id) comes from one seeded generator, so the same market gives
 * the same book. Idempotent: when the firm already has ≥ 100,000 clients it does nothing. All the
 * bulk rows go in ONE transaction (a failed run leaves only the demo firm), as INSERT … SELECT over
 * unnest() of array parameters; generation of the next chunk overlaps the database's work on the
 * previous one (the queries are queued on the connection, not awaited one by one).
 *
 * Knobs: BENCH_DATABASE_URL, BENCH_LARGE_CLIENTS (100000), BENCH_LARGE_ADVISORS (25), BENCH_SEED (20260401).
 */
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  cashBalance,
  cashEffect,
  positionFromTransactions,
  roundMoney,
  roundPrice,
  tradeValue,
  type TransactionType,
} from '@meridian/domain/portfolios/ledger';
import type { AccountType } from '@meridian/domain/portfolios/contracts';
import { fromPostgresUrl, migrate, type Db } from '@meridian/server/db/client';
import { isEmpty, seedDemo } from '@meridian/server/db/seed/demo';
import { demoFirmName } from '@meridian/server/db/seed/demo-accounts';
import { categoryWeights, netWorthRanges } from '@meridian/server/db/seed/demo-client-words';
import { accountNames } from '@meridian/server/db/seed/demo-portfolio-choices';
import { hashPassword } from '@meridian/server/platform/passwords';
import { extendValuations } from '@meridian/server/modules/valuations/valuations.service';
import { marketDate } from '@meridian/domain/shared/trading-calendar';
import { envNumber } from './support/report.ts';

export const defaultAdminUrl = 'postgres://postgres@127.0.0.1:5432';
export const defaultLargeDatabase = 'meridian_bench_large';
export const largeDatabaseUrl = () => process.env.BENCH_DATABASE_URL || `${defaultAdminUrl}/${defaultLargeDatabase}`;

const targetClients = envNumber('BENCH_LARGE_CLIENTS', 100_000);
const advisorCount = envNumber('BENCH_LARGE_ADVISORS', 25);
const seed = envNumber('BENCH_SEED', 20_260_401);
const clientsPerChunk = 2_500;
const advisorPassword = 'Advisor#2026';

// ------------------------------------------------------------------------------------------------
// Deterministic generator

function generator(seedValue: number) {
  let state = seedValue >>> 0;
  const u32 = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const next = () => u32() / 4_294_967_296;
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const hex = (n: number) => n.toString(16).padStart(8, '0');
  /** A version-4-shaped UUID from the generator (so ids are deterministic too). */
  const uuid = () => {
    const a = hex(u32());
    const b = hex(u32());
    const c = hex(u32());
    const d = hex(u32());
    const variant = ((parseInt(c[0]!, 16) & 0x3) | 0x8).toString(16);
    return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-${variant}${c.slice(1, 4)}-${c.slice(4)}${d}`;
  };
  return { next, int, pick, uuid };
}
type Gen = ReturnType<typeof generator>;

/** Zipf-like weighted pick: index i has weight 1 / (i + 2)^s (common surnames are common). */
function zipfPicker<T>(list: readonly T[], s: number) {
  const cumulative: number[] = [];
  let total = 0;
  list.forEach((_, i) => {
    total += 1 / (i + 2) ** s;
    cumulative.push(total);
  });
  return (random: Gen): T => {
    const roll = random.next() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid]! < roll) low = mid + 1;
      else high = mid;
    }
    return list[low] as T;
  };
}

// ------------------------------------------------------------------------------------------------
// Names (most common US surnames first, then the demo's more varied ones)

export const surnames = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Gomez',
  'Phillips',
  'Evans',
  'Turner',
  'Diaz',
  'Parker',
  'Cruz',
  'Edwards',
  'Collins',
  'Reyes',
  'Stewart',
  'Morris',
  'Morales',
  'Murphy',
  'Cook',
  'Rogers',
  'Gutierrez',
  'Ortiz',
  'Morgan',
  'Cooper',
  'Peterson',
  'Bailey',
  'Reed',
  'Kelly',
  'Howard',
  'Ramos',
  'Kim',
  'Cox',
  'Ward',
  'Richardson',
  'Watson',
  'Brooks',
  'Chavez',
  'Wood',
  'James',
  'Bennett',
  'Gray',
  'Mendoza',
  'Ruiz',
  'Hughes',
  'Price',
  'Alvarez',
  'Castillo',
  'Sanders',
  'Patel',
  'Myers',
  'Long',
  'Ross',
  'Foster',
  'Jimenez',
  'Powell',
  'Jenkins',
  'Perry',
  'Russell',
  'Sullivan',
  'Bell',
  'Coleman',
  'Butler',
  'Henderson',
  'Barnes',
  'Gonzales',
  'Fisher',
  'Vasquez',
  'Simmons',
  'Romero',
  'Jordan',
  'Patterson',
  'Alexander',
  'Hamilton',
  'Graham',
  'Reynolds',
  'Griffin',
  'Wallace',
  'Moreno',
  'West',
  'Cole',
  'Hayes',
  'Bryant',
  'Herrera',
  'Gibson',
  'Ellis',
  'Tran',
  'Medina',
  'Aguilar',
  'Stevens',
  'Murray',
  'Ford',
  'Castro',
  'Marshall',
  'Owens',
  'Harrison',
  'Fernandez',
  'McDonald',
  'Woods',
  'Washington',
  'Kennedy',
  'Wells',
  'Vargas',
  'Henry',
  'Chen',
  'Freeman',
  'Webb',
  'Tucker',
  'Guzman',
  'Burns',
  'Crawford',
  'Olson',
  'Simpson',
  'Porter',
  'Hunter',
  'Gordon',
  'Mendez',
  'Silva',
  'Shaw',
  'Snyder',
  'Mason',
  'Dixon',
  'Munoz',
  'Hunt',
  'Hicks',
  'Holmes',
  'Palmer',
  'Wagner',
  'Black',
  'Robertson',
  'Boyd',
  'Rose',
  'Stone',
  'Salazar',
  'Fox',
  'Warren',
  'Mills',
  'Meyer',
  'Rice',
  'Schmidt',
  'Garza',
  'Daniels',
  'Ferguson',
  'Nichols',
  'Stephens',
  'Soto',
  'Weaver',
  'Ryan',
  'Gardner',
  'Payne',
  'Grant',
  'Dunn',
  'Kelley',
  'Spencer',
  'Hawkins',
  'Arnold',
  'Pierce',
  'Vazquez',
  'Hansen',
  'Peters',
  'Santos',
  'Hart',
  'Bradley',
  'Knight',
  'Elliott',
  'Cunningham',
  'Duncan',
  'Armstrong',
  'Hudson',
  'Carroll',
  'Lane',
  'Riley',
  'Andrews',
  'Alvarado',
  'Ray',
  'Delgado',
  'Berry',
  'Perkins',
  'Hoffman',
  'Johnston',
  'Matthews',
  'Pena',
  'Richards',
  'Contreras',
  'Willis',
  'Carpenter',
  'Lawrence',
  'Sandoval',
  'Okonkwo',
  'Kowalski',
  'Haddad',
  'Tanaka',
  'Johansson',
  'Mensah',
  'Rossi',
  'Bernstein',
  'Sharma',
  'Lindqvist',
  'Adeyemi',
  'Moreau',
  'Fitzgerald',
  'Petrov',
  'Oyelaran',
  'Whitaker',
  'Nakamura',
  'Gallagher',
  'Iyer',
  'Schneider',
  'Boateng',
  'Chang',
  'Abadi',
  'Larsen',
  'Obi',
  'Hoffmann',
  'Yamamoto',
  'Donovan',
  'Farouk',
  'Brennan',
  'Costa',
  'Rahman',
  'Dubois',
  'Montgomery',
  'Achebe',
  'Park',
  'Novakova',
  'Quinn',
  'Singh',
  'Eriksen',
  'Mbeki',
  'Banerjee',
  'Okafor',
  'Novak',
  'Chen-Liu',
  "O'Brien",
  'Van der Berg',
  'Nowak',
  'Wojcik',
  'Ivanova',
  'Kaur',
  'Gupta',
  'Das',
  'Ali',
  'Khan',
  'Wang',
  'Zhang',
  'Liu',
  'Yang',
  'Huang',
  'Zhao',
  'Wu',
  'Zhou',
  'Xu',
  'Sun',
  'Ma',
  'Zhu',
  'Hu',
  'Guo',
  'He',
  'Lin',
  'Luo',
  'Zheng',
] as const;

export const givenNames = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Charles',
  'Karen',
  'Christopher',
  'Lisa',
  'Daniel',
  'Nancy',
  'Matthew',
  'Betty',
  'Anthony',
  'Margaret',
  'Mark',
  'Sandra',
  'Donald',
  'Ashley',
  'Steven',
  'Kimberly',
  'Paul',
  'Emily',
  'Andrew',
  'Donna',
  'Joshua',
  'Michelle',
  'Kenneth',
  'Carol',
  'Kevin',
  'Amanda',
  'Brian',
  'Dorothy',
  'George',
  'Melissa',
  'Timothy',
  'Deborah',
  'Ronald',
  'Stephanie',
  'Edward',
  'Rebecca',
  'Jason',
  'Sharon',
  'Jeffrey',
  'Laura',
  'Ryan',
  'Cynthia',
  'Jacob',
  'Kathleen',
  'Gary',
  'Amy',
  'Nicholas',
  'Angela',
  'Eric',
  'Shirley',
  'Jonathan',
  'Anna',
  'Stephen',
  'Brenda',
  'Larry',
  'Pamela',
  'Justin',
  'Emma',
  'Scott',
  'Nicole',
  'Brandon',
  'Helen',
  'Benjamin',
  'Samantha',
  'Samuel',
  'Katherine',
  'Gregory',
  'Christine',
  'Alexander',
  'Debra',
  'Frank',
  'Rachel',
  'Patrick',
  'Carolyn',
  'Raymond',
  'Janet',
  'Jack',
  'Catherine',
  'Olivia',
  'Liam',
  'Amara',
  'Mateo',
  'Sofia',
  'Kenji',
  'Aisha',
  'Mei',
  'Rafael',
  'Hannah',
  'Omar',
  'Grace',
  'Arjun',
  'Isabel',
  'Tomás',
  'Chloe',
  'Kwame',
  'Naomi',
  'Luca',
  'Fatima',
  'Ethan',
  'Yuki',
  'Gabriel',
  'Leah',
  'Ingrid',
  'Diego',
  'Nora',
  'Malik',
  'Elena',
  'Hiroshi',
  'Zara',
  'Ana',
  'Tariq',
  'Clara',
  'Nikhil',
  'Ruth',
  'Andre',
  'Maya',
  'Jonas',
  'Priyanka',
  'Marcus',
  'Lucia',
  'Wei',
  'Esther',
  'Caleb',
  'Adaeze',
  'Sana',
  'Miguel',
  'Dmitri',
  'Julia',
  'Kofi',
  'Rosa',
  'Henry',
  'Lina',
  'Victor',
  'Jamal',
  'Anika',
  'Camila',
  'Sean',
  'Leilani',
  'Valentina',
  'Ibrahim',
  'Alice',
  'Noah',
  'Farah',
  'Emilia',
  'Xavier',
  'Yara',
  'Imani',
  'Felix',
] as const;

const pickSurname = zipfPicker(surnames, 0.9);
const pickGivenName = zipfPicker(givenNames, 0.6);

const advisorNames: Array<[string, string]> = [
  ['Jordan', 'Blake'],
  ['Casey', 'Morrison'],
  ['Riley', 'Santos'],
  ['Avery', 'Lindgren'],
  ['Quinn', 'Delacroix'],
  ['Harper', 'Osei'],
  ['Rowan', 'Takahashi'],
  ['Emerson', 'Vale'],
  ['Sasha', 'Ivanova'],
  ['Devon', 'Achterberg'],
  ['Kai', 'Whitfield'],
  ['Noor', 'Haddad'],
  ['Ellis', 'Marchetti'],
  ['Reese', 'Kang'],
  ['Parker', 'Ndiaye'],
  ['Hayden', 'Sorensen'],
  ['Skyler', 'Bautista'],
  ['Finley', 'Oduya'],
  ['Marlowe', 'Castellanos'],
  ['Tatum', 'Whitcombe'],
  ['Lennox', 'Abernathy'],
  ['Sage', 'Kuznetsov'],
  ['Remy', 'Fairbanks'],
  ['Dakota', 'Villanueva'],
  ['Arden', 'Prescott'],
  ['Blair', 'Holloway'],
  ['Corin', 'Matsuda'],
  ['Drew', 'Lachance'],
];

const streets = [
  'Maple Avenue',
  'Cedar Lane',
  'Larimer Street',
  'Pearl Street',
  'Colfax Avenue',
  'Hillside Drive',
  'Aspen Court',
  'Juniper Way',
  'Elm Street',
  'Canyon Boulevard',
  'Walnut Street',
  'Riverside Drive',
] as const;
const cities = [
  ['Denver', 'CO', '802'],
  ['Boulder', 'CO', '803'],
  ['Golden', 'CO', '804'],
  ['Fort Collins', 'CO', '805'],
  ['Aurora', 'CO', '800'],
  ['Santa Fe', 'NM', '875'],
  ['Austin', 'TX', '787'],
  ['Chicago', 'IL', '606'],
  ['Seattle', 'WA', '981'],
  ['Boston', 'MA', '021'],
] as const;
const areaCodes = ['303', '720', '970', '719', '505', '801', '512', '312', '206', '617'] as const;
const emailDomains = ['example.com', 'example.net', 'example.org', 'mail.example', 'inbox.example'] as const;
const goals = [
  'Retire by 62 with about $90,000 a year of income',
  "Fund the children's college through 529 plans",
  'Pay off the mortgage before retirement',
  'Keep a two-year cash reserve for the business',
  'Set up a donor-advised fund',
  'Plan for long-term care costs',
] as const;
const notes = [
  'Prefers quarterly reviews in person.',
  'Reach by e-mail; mornings are best.',
  'Interested in ESG funds.',
  'Referred by an existing client.',
  null,
  null,
  null,
] as const;
const accountMix: AccountType[] = [
  'taxable',
  'taxable',
  'taxable',
  'joint',
  'joint',
  'ira',
  'ira',
  'roth_ira',
  'roth_ira',
  '401k',
  '401k',
  '403b',
  'trust',
  'education_529',
];

// ------------------------------------------------------------------------------------------------
// Market

type Security = { id: string; symbol: string; assetClass: string; riskRating: string };
type Market = { securities: Security[]; monthDates: string[]; close: (securityId: string, date: string) => number | undefined };

async function loadMarket(pool: pg.Pool): Promise<Market> {
  const securities = (
    await pool.query<Security>(
      `select id, symbol, asset_class as "assetClass", risk_rating as "riskRating" from securities where is_active order by symbol`,
    )
  ).rows;
  const reference = securities.find((s) => s.symbol === 'SPY') ?? securities[0];
  if (!reference) throw new Error('No securities: the demo market is not seeded');
  const days = (
    await pool.query<{ date: string }>(
      `select to_char(date, 'YYYY-MM-DD') as date from prices where security_id = $1 and date >= (select max(date) from prices where security_id = $1) - interval '38 months' order by date`,
      [reference.id],
    )
  ).rows;
  const monthDates: string[] = [];
  for (const { date } of days) if (monthDates.at(-1)?.slice(0, 7) !== date.slice(0, 7)) monthDates.push(date);
  const closes = new Map<string, number>();
  const rows = (
    await pool.query<{ security_id: string; date: string; close: string }>(
      `select security_id, to_char(date, 'YYYY-MM-DD') as date, close from prices where date = any($1::date[])`,
      [monthDates],
    )
  ).rows;
  for (const row of rows) closes.set(`${row.security_id}|${row.date}`, Number(row.close));
  return { securities, monthDates, close: (securityId, date) => closes.get(`${securityId}|${date}`) };
}

// ------------------------------------------------------------------------------------------------
// The book, generated chunk by chunk

type Columns = Record<string, Array<string | number | null>>;
const columns = <K extends string>(...names: K[]) =>
  Object.fromEntries(names.map((n) => [n, []])) as unknown as Record<K, Array<string | number | null>>;

type Chunk = {
  clients: ReturnType<typeof clientColumns>;
  portfolios: ReturnType<typeof portfolioColumns>;
  transactions: ReturnType<typeof transactionColumns>;
  holdings: ReturnType<typeof holdingColumns>;
};
const clientColumns = () =>
  columns(
    'id',
    'advisor_id',
    'first_name',
    'last_name',
    'email',
    'phone',
    'birth_date',
    'address',
    'net_worth',
    'annual_income',
    'risk_capacity',
    'investment_experience',
    'financial_goals',
    'notes',
    'created_at',
    'updated_at',
  );
const portfolioColumns = () =>
  columns('id', 'client_id', 'name', 'account_type', 'status', 'benchmark_symbol', 'cash_balance', 'created_at', 'updated_at');
const transactionColumns = () =>
  columns('id', 'portfolio_id', 'security_id', 'type', 'trade_date', 'quantity', 'price', 'amount', 'notes', 'created_by', 'created_at');
const holdingColumns = () =>
  columns('id', 'portfolio_id', 'security_id', 'quantity', 'average_cost', 'created_at', 'updated_at', 'sync_version');

type Entry = {
  type: TransactionType;
  tradeDate: string;
  securityId: string | null;
  quantity: number | null;
  price: number | null;
  amount: number;
  notes: string;
};

const recordedAt = (date: string, sequence = 0) => new Date(Date.parse(`${date}T21:00:00.000Z`) + sequence).toISOString();

/** `taken`: the e-mail addresses the firm already has (the demo's clients). */
function makeBook(random: Gen, market: Market, today: Date, taken: Set<string>) {
  const byClass = new Map<string, Security[]>();
  for (const s of market.securities) byClass.set(s.assetClass, [...(byClass.get(s.assetClass) ?? []), s]);
  const equities = byClass.get('equity') ?? market.securities;
  const bonds = byClass.get('fixed_income') ?? equities;
  const others = [...(byClass.get('real_estate') ?? []), ...(byClass.get('alternative') ?? []), ...(byClass.get('cash') ?? [])];
  const usedEmails = new Map<string, number>();
  const securityById = new Map(market.securities.map((s) => [s.id, s]));
  const months = market.monthDates;
  const plain = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[^A-Za-z]/g, '')
      .toLowerCase();
  const categoryTotal = categoryWeights.reduce((a, b) => a + b, 0);

  const emailFor = (first: string, last: string) => {
    const [f, l] = [plain(first), plain(last)];
    const local = random.pick([`${f}.${l}`, `${f[0]}${l}`, `${f}${l[0]}`, `${f}_${l}`]);
    const domain = random.pick(emailDomains);
    for (;;) {
      const seen = usedEmails.get(local) ?? 0;
      usedEmails.set(local, seen + 1);
      const email = `${seen === 0 ? local : `${local}${seen + 1}`}@${domain}`;
      if (!taken.has(email)) {
        taken.add(email);
        return email;
      }
    }
  };

  /** One portfolio's ledger (~8 entries) and what it replays to. */
  const portfolio = (
    deposit: number,
    risk: string,
    advisorId: string,
    clientId: string,
    portfolioId: string,
    chunk: Chunk,
    accountType: AccountType,
    lastName: string,
  ) => {
    const open = random.int(0, Math.max(0, months.length - 4));
    const openedOn = months[open]!;
    const ledger: Entry[] = [];
    const held = new Map<string, number>();
    let cash = 0;
    const record = (entry: Omit<Entry, 'amount'> & { amount?: number }) => {
      const amount = cashEffect({ type: entry.type, quantity: entry.quantity, price: entry.price, amount: entry.amount });
      ledger.push({ ...entry, amount });
      cash = roundMoney(cash + amount);
    };
    const buy = (security: Security, budget: number, date: string, note: string) => {
      const price = market.close(security.id, date);
      if (!price) return;
      const quantity = Math.floor(budget / price);
      if (quantity < 1) return;
      record({ type: 'buy', tradeDate: date, securityId: security.id, quantity, price, notes: note });
      held.set(security.id, (held.get(security.id) ?? 0) + quantity);
    };
    record({
      type: 'deposit',
      tradeDate: openedOn,
      securityId: null,
      quantity: null,
      price: null,
      amount: deposit,
      notes: 'Initial deposit',
    });
    const count = random.int(3, 6);
    const bondShare = risk === 'low' ? 0.5 : risk === 'medium' ? 0.3 : 0.1;
    const chosen = new Set<Security>();
    while (chosen.size < count) {
      const roll = random.next();
      chosen.add(random.pick(roll < bondShare ? bonds : roll < bondShare + 0.1 && others.length ? others : equities));
    }
    for (const security of chosen) buy(security, (deposit * 0.95) / count, openedOn, 'Initial allocation');
    // Later entries, in date order, on distinct later months.
    const later = months.slice(open + 1);
    const dates = [...new Set([random.pick(later), random.pick(later), random.pick(later)])].sort();
    const [first, second, third] = dates;
    const heldIds = () => [...held.keys()];
    if (first) {
      const id = random.pick(heldIds());
      const security = id ? securityById.get(id) : undefined;
      const close = id ? market.close(id, first) : undefined;
      if (id && security && close && security.assetClass !== 'alternative') {
        const perShare = roundPrice(close * 0.006);
        const quantity = held.get(id)!;
        if (tradeValue(quantity, perShare) >= 0.01)
          record({
            type: 'dividend',
            tradeDate: first,
            securityId: id,
            quantity,
            price: perShare,
            amount: tradeValue(quantity, perShare),
            notes: 'Dividend',
          });
      }
    }
    const valueAt = (date: string) =>
      roundMoney(cash + [...held].reduce((sum, [id, q]) => sum + tradeValue(q, market.close(id, date) ?? 0), 0));
    if (second) {
      const fee = roundMoney(valueAt(second) * 0.0025);
      if (fee > 0 && fee <= cash)
        record({
          type: 'fee',
          tradeDate: second,
          securityId: null,
          quantity: null,
          price: null,
          amount: fee,
          notes: 'Quarterly advisory fee',
        });
    }
    if (third) {
      const roll = random.next();
      if (roll < 0.3) {
        record({
          type: 'deposit',
          tradeDate: third,
          securityId: null,
          quantity: null,
          price: null,
          amount: roundMoney(random.int(10, 100) * 100),
          notes: 'Contribution',
        });
      } else if (roll < 0.55) {
        const id = random.pick(heldIds());
        const price = id ? market.close(id, third) : undefined;
        const quantity = id ? Math.floor(held.get(id)! / 2) : 0;
        if (id && price && quantity >= 1) {
          record({ type: 'sell', tradeDate: third, securityId: id, quantity, price, notes: 'Rebalance' });
          held.set(id, held.get(id)! - quantity);
        }
      } else if (roll < 0.75) {
        const id = random.pick(heldIds());
        const security = id ? securityById.get(id) : undefined;
        if (security && cash > 1000) buy(security, cash * 0.8, third, 'Invest cash');
      }
    }

    const status = random.next() < 0.04 ? 'closed' : random.next() < 0.03 ? 'proposed' : 'active';
    const p = chunk.portfolios;
    p.id.push(portfolioId);
    p.client_id.push(clientId);
    p.name.push(accountType === 'trust' ? `${lastName} Family Trust` : accountNames[accountType]);
    p.account_type.push(accountType);
    p.status.push(status);
    p.benchmark_symbol.push(risk === 'low' ? 'AGG' : 'SPY');
    p.cash_balance.push(cashBalance(ledger.map((t) => t.amount)));
    p.created_at.push(recordedAt(openedOn, -3_600_000));
    p.updated_at.push(recordedAt(ledger.at(-1)!.tradeDate, ledger.length));

    const t = chunk.transactions;
    ledger.forEach((entry, sequence) => {
      t.id.push(random.uuid());
      t.portfolio_id.push(portfolioId);
      t.security_id.push(entry.securityId);
      t.type.push(entry.type);
      t.trade_date.push(entry.tradeDate);
      t.quantity.push(entry.quantity);
      t.price.push(entry.price);
      t.amount.push(entry.amount);
      t.notes.push(entry.notes);
      t.created_by.push(advisorId);
      t.created_at.push(recordedAt(entry.tradeDate, sequence));
    });
    // Holdings: what the ledger replays to, with the same function the API rebuilds them with.
    const h = chunk.holdings;
    const trades = ledger.filter((e) => e.type === 'buy' || e.type === 'sell');
    for (const securityId of new Set(trades.map((e) => e.securityId!))) {
      const own = trades.filter((e) => e.securityId === securityId);
      const position = positionFromTransactions(own);
      if (position.quantity === 0) continue;
      h.id.push(random.uuid());
      h.portfolio_id.push(portfolioId);
      h.security_id.push(securityId);
      h.quantity.push(position.quantity);
      h.average_cost.push(position.averageCost);
      h.created_at.push(recordedAt(own[0]!.tradeDate));
      h.updated_at.push(recordedAt(own.at(-1)!.tradeDate));
      h.sync_version.push(own.length);
    }
    return ledger.length;
  };

  /** The next `count` clients with their portfolios, ledgers and holdings. */
  return (chunk: Chunk, count: number, advisorIds: readonly string[]): Chunk => {
    for (let i = 0; i < count; i += 1) {
      const clientId = random.uuid();
      const advisorId = random.pick(advisorIds);
      const first = pickGivenName(random);
      const last = pickSurname(random);
      let roll = random.int(1, categoryTotal);
      let category = 0;
      for (const [index, weight] of categoryWeights.entries()) {
        roll -= weight;
        if (roll <= 0) {
          category = index;
          break;
        }
      }
      const [low, high] = netWorthRanges[category]!;
      const unassessed = random.next() < 0.03;
      const netWorth = Math.round((low + (high - low) * random.next() ** 1.6) / 500) * 500;
      const age = random.int(25, 88);
      const birth = new Date(Date.UTC(today.getUTCFullYear() - age, random.int(0, 11), random.int(1, 28)));
      const riskRoll = random.next() + (age - 50) / 90;
      const risk = riskRoll < 0.35 ? 'high' : riskRoll < 0.8 ? 'medium' : 'low';
      const createdDaysAgo = random.int(5, 2_000);
      const [city, state, zip] = random.pick(cities);
      const c = chunk.clients;
      c.id.push(clientId);
      c.advisor_id.push(advisorId);
      c.first_name.push(first);
      c.last_name.push(last);
      c.email.push(emailFor(first, last));
      c.phone.push(random.next() < 0.9 ? `+1 (${random.pick(areaCodes)}) 555-${String(random.int(0, 9999)).padStart(4, '0')}` : null);
      c.birth_date.push(birth.toISOString().slice(0, 10));
      c.address.push(
        `${random.int(100, 9899)} ${random.pick(streets)}, ${city}, ${state} ${zip}${String(random.int(1, 99)).padStart(2, '0')}`,
      );
      c.net_worth.push(unassessed ? null : netWorth);
      c.annual_income.push(unassessed ? null : Math.round(Math.max(30_000, netWorth * (0.04 + random.next() * 0.1)) / 1000) * 1000);
      c.risk_capacity.push(unassessed ? null : risk);
      c.investment_experience.push(unassessed ? null : random.pick(['beginner', 'intermediate', 'advanced', 'expert']));
      c.financial_goals.push(unassessed ? null : random.pick(goals));
      c.notes.push(random.pick(notes));
      c.created_at.push(new Date(today.getTime() - createdDaysAgo * 86_400_000).toISOString());
      c.updated_at.push(new Date(today.getTime() - Math.min(createdDaysAgo, 2 + (createdDaysAgo % 60)) * 86_400_000).toISOString());
      // 1-4 portfolios (2.5 on average), the money split between them.
      const accounts = random.int(1, 4);
      const investable = Math.max(25_000, netWorth * (0.25 + random.next() * 0.35));
      for (let a = 0; a < accounts; a += 1) {
        const deposit = Math.max(10_000, Math.round(investable / accounts / 100) * 100);
        portfolio(deposit, risk, advisorId, clientId, random.uuid(), chunk, random.pick(accountMix), last);
      }
    }
    return chunk;
  };
}

// ------------------------------------------------------------------------------------------------
// Writing

const insertSql = {
  clients: (firmId: string) => ({
    text: `insert into clients (id, firm_id, advisor_id, first_name, last_name, email, phone, birth_date, address, net_worth, annual_income, risk_capacity, investment_experience, financial_goals, notes, created_at, updated_at)
      select id, '${firmId}'::uuid, advisor_id, first_name, last_name, email, phone, birth_date, address, net_worth, annual_income, risk_capacity, investment_experience, financial_goals, notes, created_at, updated_at
      from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::date[], $8::text[], $9::numeric[], $10::numeric[], $11::text[], $12::text[], $13::text[], $14::text[], $15::timestamptz[], $16::timestamptz[])
        as t(id, advisor_id, first_name, last_name, email, phone, birth_date, address, net_worth, annual_income, risk_capacity, investment_experience, financial_goals, notes, created_at, updated_at)`,
    order: [
      'id',
      'advisor_id',
      'first_name',
      'last_name',
      'email',
      'phone',
      'birth_date',
      'address',
      'net_worth',
      'annual_income',
      'risk_capacity',
      'investment_experience',
      'financial_goals',
      'notes',
      'created_at',
      'updated_at',
    ],
  }),
  portfolios: (firmId: string) => ({
    text: `insert into portfolios (id, firm_id, client_id, name, account_type, status, benchmark_symbol, cash_balance, created_at, updated_at)
      select id, '${firmId}'::uuid, client_id, name, account_type, status, benchmark_symbol, cash_balance, created_at, updated_at
      from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::numeric[], $8::timestamptz[], $9::timestamptz[])
        as t(id, client_id, name, account_type, status, benchmark_symbol, cash_balance, created_at, updated_at)`,
    order: ['id', 'client_id', 'name', 'account_type', 'status', 'benchmark_symbol', 'cash_balance', 'created_at', 'updated_at'],
  }),
  transactions: (firmId: string) => ({
    text: `insert into transactions (id, firm_id, portfolio_id, security_id, type, trade_date, quantity, price, amount, notes, created_by, created_at, updated_at)
      select id, '${firmId}'::uuid, portfolio_id, security_id, type, trade_date, quantity, price, amount, notes, created_by, created_at, created_at
      from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::date[], $6::numeric[], $7::numeric[], $8::numeric[], $9::text[], $10::uuid[], $11::timestamptz[])
        as t(id, portfolio_id, security_id, type, trade_date, quantity, price, amount, notes, created_by, created_at)`,
    order: ['id', 'portfolio_id', 'security_id', 'type', 'trade_date', 'quantity', 'price', 'amount', 'notes', 'created_by', 'created_at'],
  }),
  holdings: (firmId: string) => ({
    text: `insert into holdings (id, firm_id, portfolio_id, security_id, quantity, average_cost, created_at, updated_at, sync_version)
      select id, '${firmId}'::uuid, portfolio_id, security_id, quantity, average_cost, created_at, updated_at, sync_version
      from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::numeric[], $5::numeric[], $6::timestamptz[], $7::timestamptz[], $8::int[])
        as t(id, portfolio_id, security_id, quantity, average_cost, created_at, updated_at, sync_version)`,
    order: ['id', 'portfolio_id', 'security_id', 'quantity', 'average_cost', 'created_at', 'updated_at', 'sync_version'],
  }),
};
type Table = keyof typeof insertSql;
const tables: Table[] = ['clients', 'portfolios', 'transactions', 'holdings'];
const rowsPerStatement = 10_000;

/** Creates the default bench database when it is missing (never anything but meridian_bench_*). */
export async function ensureDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (process.env.BENCH_DATABASE_URL) return; // the caller's own database: used as given
  if (!/^meridian_bench_[a-z0-9_]+$/.test(name)) throw new Error(`refusing to create ${name}`);
  for (const admin of ['postgres', 'test']) {
    const client = new pg.Client({ connectionString: `${defaultAdminUrl}/${admin}` });
    try {
      await client.connect();
    } catch {
      continue;
    }
    try {
      const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (!rowCount) {
        await client.query(`create database ${name}`);
        console.log(`created database ${name}`);
      }
      return;
    } finally {
      await client.end();
    }
  }
  throw new Error(`cannot reach ${defaultAdminUrl}/postgres or /test to create ${name}`);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  const url = largeDatabaseUrl();
  const started = performance.now();
  const phases: Record<string, number> = {};
  const phase = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const begin = performance.now();
    try {
      return await work();
    } finally {
      phases[name] = performance.now() - begin;
      console.log(`  ${name.padEnd(34)} ${seconds(phases[name]!)}`);
    }
  };
  console.log(`Large book → ${url.replace(/:[^:@/]*@/, ':***@')}`);
  await phase('create database (if missing)', () => ensureDatabase(url));
  const database = fromPostgresUrl(url);
  if (database.kind !== 'postgres') throw new Error('unreachable');
  const pool = database.pool;
  try {
    await phase('migrate', () => migrate(database));
    await phase('demo firm (seedDemo)', async () => {
      if (await isEmpty(database.db)) await seedDemo(database.db);
    });
    const firm = (
      await pool.query<{ id: string }>(`select id from firms where name = $1 and kind = 'firm' order by created_at limit 1`, [demoFirmName])
    ).rows[0];
    if (!firm) throw new Error('demo firm missing');
    const existing = Number(
      (await pool.query<{ n: string }>('select count(*) as n from clients where firm_id = $1', [firm.id])).rows[0]?.n ?? 0,
    );
    if (existing >= targetClients) {
      await phase('daily valuations (extendValuations)', () => fillValuations(database.db, pool));
      await phase('VACUUM (ANALYZE)', () => pool.query('vacuum (analyze)'));
      console.log(
        `already seeded: the firm has ${existing.toLocaleString('en-US')} clients (≥ ${targetClients.toLocaleString('en-US')}); nothing to do`,
      );
      await printSizes(pool);
      return;
    }
    if (existing > 1_000) throw new Error(`the firm has ${existing} clients: a partial book? drop the database and start again`);

    const market = await phase('load market (month closes)', () => loadMarket(pool));
    const random = generator(seed);
    const hash = await phase('advisor password hash (argon2, once)', () => hashPassword(advisorPassword));
    // A fixed "today" derived from the market, so the book does not depend on the day it is seeded.
    const today = new Date(`${market.monthDates.at(-1)}T12:00:00.000Z`);
    const demoEmails = (await pool.query<{ email: string }>('select email from clients where firm_id = $1', [firm.id])).rows.map(
      (r) => r.email,
    );
    const nextChunk = makeBook(random, market, today, new Set(demoEmails));

    const client = await pool.connect();
    const statementMs: Record<Table, number> = { clients: 0, portfolios: 0, transactions: 0, holdings: 0 };
    const rows: Record<Table, number> = { clients: 0, portfolios: 0, transactions: 0, holdings: 0 };
    let generateMs = 0;
    let waitMs = 0;
    const writeStarted = performance.now();
    try {
      await client.query('set synchronous_commit = off');
      await client.query('begin');
      const demoAdvisors = (
        await client.query<{ id: string }>(`select id from users where firm_id = $1 and role = 'advisor' order by email`, [firm.id])
      ).rows.map((r) => r.id);
      const advisorIds = [...demoAdvisors];
      for (const [first, last] of advisorNames.slice(0, Math.max(0, advisorCount - demoAdvisors.length))) {
        const id = random.uuid();
        await client.query(
          `insert into users (id, firm_id, email, password_hash, first_name, last_name, role) values ($1, $2, $3, $4, $5, $6, 'advisor') on conflict (email) do nothing`,
          [id, firm.id, `${first.toLowerCase()}.${last.toLowerCase()}@summitridge.example`, hash, first, last],
        );
        advisorIds.push(id);
      }
      let lastDone = performance.now();
      // Statements are chained (each sent when the previous completes), not awaited one by one.
      let pending: Promise<unknown> = Promise.resolve();
      const enqueue = (table: Table, chunk: Chunk) => {
        const statement = insertSql[table](firm.id);
        const data = chunk[table] as Columns;
        const total = data.id?.length ?? 0;
        rows[table] += total;
        for (let start = 0; start < total; start += rowsPerStatement) {
          const params = statement.order.map((name) => data[name]!.slice(start, start + rowsPerStatement));
          pending = pending.then(async () => {
            const begin = Math.max(performance.now(), lastDone);
            await client.query(statement.text, params);
            lastDone = performance.now();
            statementMs[table] += lastDone - begin;
          });
          pending.catch(() => undefined); // a failure surfaces where the chain is awaited, not as an unhandled rejection
        }
      };
      for (let made = 0; made < targetClients; made += clientsPerChunk) {
        const chunk: Chunk = {
          clients: clientColumns(),
          portfolios: portfolioColumns(),
          transactions: transactionColumns(),
          holdings: holdingColumns(),
        };
        const size = Math.min(clientsPerChunk, targetClients - made);
        for (let done = 0; done < size; done += 100) {
          const begin = performance.now();
          nextChunk(chunk, Math.min(100, size - done), advisorIds);
          generateMs += performance.now() - begin;
          // Let the connection send the next queued statement of the previous chunk meanwhile.
          await new Promise((resolve) => setImmediate(resolve));
        }
        const waitBegin = performance.now();
        await pending; // the previous chunk (the database worked on it while this one was generated)
        waitMs += performance.now() - waitBegin;
        for (const table of tables) enqueue(table, chunk);
        if ((made / clientsPerChunk) % 8 === 7)
          console.log(
            `    … ${(made + clientsPerChunk).toLocaleString('en-US')} clients generated, ${rows.transactions.toLocaleString('en-US')} transactions`,
          );
      }
      const waitBegin = performance.now();
      await pending;
      await client.query('commit');
      waitMs += performance.now() - waitBegin;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    phases['generate + write (one transaction)'] = performance.now() - writeStarted;
    console.log(`  ${'generate + write (one transaction)'.padEnd(34)} ${seconds(phases['generate + write (one transaction)']!)}`);
    console.log(`    generation in Node ${seconds(generateMs)} (overlapping the writes); waiting for PostgreSQL ${seconds(waitMs)}`);
    for (const table of tables)
      console.log(
        `    ${table.padEnd(13)} ${rows[table].toLocaleString('en-US').padStart(10)} rows   ~${seconds(statementMs[table])} of statements`,
      );
    await phase('daily valuations (extendValuations)', () => fillValuations(database.db, pool));
    // VACUUM as well as ANALYZE: it empties the GIN pending lists the bulk insert left in the three
    // trigram indexes (each search otherwise scans them linearly: ~5 ms a query here) and sets the
    // visibility map, i.e. the steady state autovacuum reaches on a live database.
    await phase('VACUUM (ANALYZE)', () => pool.query('vacuum (analyze)'));
    await printSizes(pool);
  } finally {
    await database.close();
    console.log(`total ${seconds(performance.now() - started)}`);
  }
}

/** Portfolios per transaction of the valuation fill: progress commits as it goes, so a stopped run resumes. */
const portfoliosPerFill = 5_000;

/**
 * Every portfolio's daily valuations through the latest trading day, and with them the advisors'
 * books (the triggers of book_valuations), written by the product's own code: extendValuations, as
 * at the server's start. It skips series already current, so it is cheap on a filled database.
 */
async function fillValuations(db: Db, pool: pg.Pool) {
  const today = marketDate(new Date());
  const ids = (await pool.query<{ id: string }>('select id from portfolios order by id')).rows.map((row) => row.id);
  const began = performance.now();
  let rows = 0;
  let done = 0;
  // A bulk load of rows the product's code computes from existing portfolios: without the
  // triggers (the books are summed once at the end rather than a book row per valuation row; the
  // foreign key holds by construction), and two chunks at a time (PostgreSQL is the bottleneck).
  await pool.query('alter table portfolio_valuations disable trigger all');
  try {
    let next = 0;
    const lane = async () => {
      while (next < ids.length) {
        const chunk = ids.slice(next, next + portfoliosPerFill);
        next += portfoliosPerFill;
        rows += (await extendValuations(db, today, chunk)).rows;
        done += chunk.length;
        if ((done / portfoliosPerFill) % 10 === 0) {
          // Statistics as autovacuum would keep them: planned on an empty table's, each batch's delete
          // scans the growing table instead of its primary key (seconds a batch instead of milliseconds).
          await pool.query('analyze portfolio_valuations');
          const perSecond = Math.round(rows / ((performance.now() - began) / 1000));
          console.log(
            `    … ${done.toLocaleString('en-US')} portfolios, ${rows.toLocaleString('en-US')} rows written (${perSecond.toLocaleString('en-US')} a second)`,
          );
        }
      }
    };
    await Promise.all([lane(), lane()]);
  } finally {
    await pool.query('alter table portfolio_valuations enable trigger all');
  }
  await pool.query('select rebuild_book_valuations()');
  // The pass over every portfolio the server makes at start: nothing is behind now, and it records that.
  await extendValuations(db, today);
  console.log(`    ${rows.toLocaleString('en-US')} valuation rows written`);
}

async function printSizes(pool: pg.Pool) {
  const { rows } = await pool.query<{ name: string; rows: string; size: string }>(
    `select c.relname as name, c.reltuples::bigint as rows, pg_size_pretty(pg_total_relation_size(c.oid)) as size
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r' and c.relname in ('clients', 'portfolios', 'transactions', 'holdings', 'users', 'prices', 'securities', 'portfolio_valuations', 'book_valuations')
     order by pg_total_relation_size(c.oid) desc`,
  );
  for (const row of rows)
    console.log(`    ${row.name.padEnd(13)} ~${Number(row.rows).toLocaleString('en-US').padStart(10)} rows  ${row.size}`);
  const db = (await pool.query<{ size: string }>('select pg_size_pretty(pg_database_size(current_database())) as size')).rows[0];
  console.log(`    database size ${db?.size}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
