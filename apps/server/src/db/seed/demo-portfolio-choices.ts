import type { AccountType } from '@meridian/domain/portfolios/contracts';
import { hashString, type Random } from '@meridian/domain/securities/price-simulation';
import type { AssetClass, RiskRating } from '@meridian/domain/securities/contracts';

/** What a demo client holds: which accounts, which securities at which target weights, and what each pays. */

export type PlanSecurity = { id: string; symbol: string; assetClass: AssetClass; sector: string; riskRating: RiskRating };

export type PlanClient = {
  id: string;
  email: string;
  lastName: string;
  birthDate: string | null;
  netWorth: number | null;
  annualIncome: number | null;
  riskCapacity: RiskRating | null;
  householdRole: 'head' | 'spouse' | 'child' | 'other' | null;
};

export const accountNames: Record<AccountType, string> = {
  taxable: 'Individual Brokerage',
  joint: 'Joint Brokerage',
  ira: 'Rollover IRA',
  roth_ira: 'Roth IRA',
  '401k': '401(k) Retirement',
  '403b': '403(b) Retirement',
  trust: 'Family Trust',
  education_529: '529 College Savings',
};

/** Target mix by risk capacity (shares of the invested money). */
const mixes: Record<RiskRating, Partial<Record<AssetClass, number>>> = {
  low: { equity: 0.35, fixed_income: 0.5, cash: 0.1, real_estate: 0.05 },
  medium: { equity: 0.55, fixed_income: 0.3, cash: 0.05, real_estate: 0.05, alternative: 0.05 },
  high: { equity: 0.75, fixed_income: 0.1, real_estate: 0.07, alternative: 0.08 },
};

/** Securities that pay no dividend (growth companies, gold and commodity funds). */
const nonPayers = new Set(['AMZN', 'TSLA', 'NFLX', 'BKNG', 'BRK.B', 'ADBE', 'ISRG', 'AMD', 'CBRE', 'DAL', 'BA']);
const sectorYields: Record<string, number> = {
  Utilities: 0.032,
  'Consumer Staples': 0.026,
  Energy: 0.035,
  Financials: 0.02,
  'Health Care': 0.018,
  Industrials: 0.016,
  Materials: 0.019,
  'Information Technology': 0.008,
  'Communication Services': 0.009,
  'Consumer Discretionary': 0.01,
  'Real Estate': 0.036,
  Diversified: 0.017,
  'Fixed Income': 0.025,
  Cash: 0.015,
  Commodities: 0,
};

/** Annual yield and payments per year of a security (0 for non-payers). Bond, cash funds and Realty Income pay monthly. */
export function dividendPolicy(security: PlanSecurity): { yield: number; perYear: number } {
  if (nonPayers.has(security.symbol) || security.assetClass === 'alternative') return { yield: 0, perYear: 0 };
  const base = sectorYields[security.sector] ?? 0.015;
  const spread = 0.7 + ((hashString(`yield:${security.symbol}`) % 1000) / 1000) * 0.6;
  const monthly = security.assetClass === 'fixed_income' || security.assetClass === 'cash' || security.symbol === 'O';
  return { yield: base * spread, perYear: monthly ? 12 : 4 };
}

/** The accounts a client would hold: a taxable one, retirement accounts by age, a trust for the wealthy, a 529 for young families. */
export function accountsFor(client: PlanClient, age: number, random: Random): AccountType[] {
  const netWorth = client.netWorth ?? 300_000;
  const income = client.annualIncome ?? 0;
  const primary: AccountType =
    (client.householdRole === 'head' || client.householdRole === 'spouse') && random.next() < 0.6 ? 'joint' : 'taxable';
  const candidates: AccountType[] = [];
  if (age < 60 && income > 0) candidates.push(random.next() < 0.2 ? '403b' : '401k');
  if (age >= 55) candidates.push('ira');
  if (age < 55 && income < 200_000) candidates.push('roth_ira');
  if (netWorth > 3_000_000) candidates.push('trust');
  if (age >= 30 && age < 50 && random.next() < 0.35) candidates.push('education_529');
  const wanted = netWorth < 250_000 ? 1 : netWorth < 1_500_000 ? 2 : 3;
  const count = Math.max(1, Math.min(3, wanted + (random.next() < 0.2 ? -1 : 0)));
  const others = pick(candidates, candidates.length, random);
  // Some working savers with a single account hold it in their workplace plan or IRA.
  const retirement = others.find((type) => type === '401k' || type === '403b' || type === 'roth_ira' || type === 'ira');
  if (count === 1 && retirement && income > 0 && random.next() < 0.3) return [retirement];
  return [primary, ...others].slice(0, count);
}

export function pick<T>(items: readonly T[], count: number, random: Random): T[] {
  const pool = [...items];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length > 0) chosen.push(pool.splice(Math.floor(random.next() * pool.length), 1)[0]!);
  return chosen;
}

/** Most funds of one asset class a portfolio holds (equity takes the remaining slots). */
const slotCaps: Record<AssetClass, number> = { equity: 20, fixed_income: 5, cash: 2, real_estate: 2, alternative: 2 };

/** The securities of a portfolio and their target weights (summing to 1), fitting the risk capacity. */
export function chooseHoldings(securities: readonly PlanSecurity[], risk: RiskRating, count: number, random: Random, age: number) {
  const mix = { ...mixes[risk] };
  if (age >= 65) {
    mix.fixed_income = (mix.fixed_income ?? 0) + 0.1;
    mix.equity = (mix.equity ?? 0) - 0.1;
  }
  const fits = (s: PlanSecurity) =>
    risk === 'low'
      ? s.riskRating === 'low' || (s.riskRating === 'medium' && s.assetClass === 'equity')
      : risk === 'medium'
        ? s.riskRating !== 'high' || random.next() < 0.15
        : true;
  const classes = (Object.entries(mix) as Array<[AssetClass, number]>).filter(([, weight]) => weight > 0);
  // A few funds cover bonds, cash, real estate and commodities; stocks and stock funds take the other slots.
  const slotsOf = new Map<AssetClass, number>();
  for (const [assetClass, weight] of classes) {
    if (assetClass !== 'equity') slotsOf.set(assetClass, Math.min(slotCaps[assetClass], Math.max(1, Math.round(count * weight))));
  }
  slotsOf.set('equity', Math.max(2, count - [...slotsOf.values()].reduce((a, b) => a + b, 0)));
  const chosen: Array<{ security: PlanSecurity; weight: number }> = [];
  classes.forEach(([assetClass, weight]) => {
    const slots = slotsOf.get(assetClass)!;
    const pool = securities.filter((s) => s.assetClass === assetClass && fits(s));
    // Equity: broad index funds at the core, single companies around them.
    const picks =
      assetClass === 'equity'
        ? [
            ...pick(
              pool.filter((s) => s.sector === 'Diversified'),
              Math.max(1, Math.round(slots * 0.35)),
              random,
            ),
            ...pick(
              pool.filter((s) => s.sector !== 'Diversified'),
              slots,
              random,
            ),
          ].slice(0, slots)
        : pick(pool, slots, random);
    const jitters = picks.map(() => 0.6 + random.next() * 0.8);
    const total = jitters.reduce((a, b) => a + b, 0);
    picks.forEach((security, i) => chosen.push({ security, weight: (weight * jitters[i]!) / total }));
  });
  const sum = chosen.reduce((a, c) => a + c.weight, 0);
  return chosen.map((c) => ({ security: c.security, weight: c.weight / sum }));
}
