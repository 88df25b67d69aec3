import { ageFrom } from '@meridian/domain/shared/format';
import { lotAccountOf, positionLots } from '@meridian/domain/analytics/position-lots';
import { openLotsCost } from '@meridian/domain/analytics/tax-lots';
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
import { createRandom, hashString, type Random } from '@meridian/domain/securities/price-simulation';
import type { RiskRating } from '@meridian/domain/securities/contracts';
import {
  accountNames,
  accountsFor,
  chooseHoldings,
  dividendPolicy,
  pick,
  type PlanClient,
  type PlanSecurity,
} from './demo-portfolio-choices.ts';

/**
 * The demo book's portfolios, planned in memory: for one client, 1-3 accounts that fit their age,
 * income and net worth, each with 5-20 holdings that fit their risk capacity, and three years of
 * ledger: an initial deposit, buys at the simulated closes, dividends, contributions or
 * withdrawals, quarterly advisory fees, cash put to work and yearly rebalancing. Every amount comes
 * from the ledger's own functions, and the holdings and cash are what the ledger replays to.
 * Deterministic: the same client, market and end date give the same plan.
 */

/** The closes the plan trades at: the first trading day of each month of the window. */
export type PlanMarket = {
  /** First trading day of each month, oldest first; the last is on or before the end date. */
  monthDates: string[];
  close(securityId: string, date: string): number | undefined;
};

export type PlannedTransaction = {
  type: TransactionType;
  tradeDate: string;
  securityId: string | null;
  quantity: number | null;
  price: number | null;
  amount: number;
  notes: string;
};

export type PlannedHolding = {
  securityId: string;
  quantity: number;
  averageCost: number;
  openedOn: string;
  lastTradeOn: string;
  trades: number;
};

export type PlannedPortfolio = {
  name: string;
  accountType: AccountType;
  benchmarkSymbol: string;
  openedOn: string;
  transactions: PlannedTransaction[];
  holdings: PlannedHolding[];
  cash: number;
};

const monthOf = (date: string) => Number(date.slice(5, 7));

/** Plans the portfolios of one client over the market's months. */
export function planClientPortfolios(
  client: PlanClient,
  securities: readonly PlanSecurity[],
  market: PlanMarket,
  benchmarks: { conservative: string; growth: string },
): PlannedPortfolio[] {
  const random = createRandom(`demo-portfolios:${client.email}`);
  const endDate = market.monthDates.at(-1);
  if (!endDate || market.monthDates.length < 13) return [];
  const age = ageFrom(client.birthDate, endDate) ?? 45;
  const risk = client.riskCapacity ?? 'medium';
  const accounts = accountsFor(client, age, random);
  const investable = Math.max(
    25_000,
    (client.netWorth ?? Math.max(200_000, (client.annualIncome ?? 0) * 2)) * (0.25 + random.next() * 0.35),
  );
  const shares = accounts.map((_, i) => (i === 0 ? 1.6 : 1) * (0.7 + random.next() * 0.6));
  const shareTotal = shares.reduce((a, b) => a + b, 0);
  return accounts.map((accountType, index) => {
    const deposit = Math.max(10_000, Math.round((investable * shares[index]!) / shareTotal / 100) * 100);
    const name = accountType === 'trust' ? `${client.lastName} Family Trust` : accountNames[accountType];
    return planPortfolio({ client, accountType, name, deposit, age, risk, securities, market, random, benchmarks });
  });
}

/**
 * The cost of each planned holding of one client, by portfolio id then security: its open lots over
 * the trades of all the client's accounts (positionLots, FIFO as the demo's accounts keep), wash sales
 * included, as the ledger stores it. Ids are those the portfolios are written under: one day's trades
 * of several accounts are walked in their order.
 */
export function plannedLotCosts(
  accounts: ReadonlyArray<{ portfolioId: string; plan: PlannedPortfolio }>,
): Map<string, Map<string, number>> {
  const trades = accounts.flatMap(({ portfolioId, plan }) =>
    plan.transactions.flatMap((t) =>
      t.type === 'buy' || t.type === 'sell'
        ? [{ portfolioId, securityId: t.securityId!, type: t.type, date: t.tradeDate, quantity: t.quantity!, price: t.price! }]
        : [],
    ),
  );
  const lots = positionLots(
    trades,
    Object.fromEntries(
      accounts.map(({ portfolioId, plan }) => [portfolioId, lotAccountOf({ lotMethod: 'fifo', accountType: plan.accountType })]),
    ),
  );
  return new Map(
    accounts.map(({ portfolioId, plan }) => [
      portfolioId,
      new Map(
        plan.holdings.map((holding) => [
          holding.securityId,
          openLotsCost(lots.get(portfolioId)?.get(holding.securityId)?.openLots ?? []).costBasis,
        ]),
      ),
    ]),
  );
}

type PortfolioInputs = {
  client: PlanClient;
  accountType: AccountType;
  name: string;
  deposit: number;
  age: number;
  risk: RiskRating;
  securities: readonly PlanSecurity[];
  market: PlanMarket;
  random: Random;
  benchmarks: { conservative: string; growth: string };
};

function planPortfolio(input: PortfolioInputs): PlannedPortfolio {
  const { market, random, securities, deposit } = input;
  // Opened 34-37 months before the end, on the first trading day of a month.
  const startIndex = Math.max(0, market.monthDates.length - 37 + random.int(0, 3));
  const months = market.monthDates.slice(startIndex);
  const openedOn = months[0]!;
  const count = deposit < 50_000 ? random.int(5, 8) : deposit < 250_000 ? random.int(8, 13) : random.int(12, 20);
  const targets = new Map<string, number>();
  const bySecurity = new Map(securities.map((s) => [s.id, s]));
  const held = new Map<string, number>(); // whole shares
  const ledger: PlannedTransaction[] = [];
  let cash = 0;

  const record = (entry: Omit<PlannedTransaction, 'amount'> & { amount?: number }) => {
    const amount = cashEffect({ type: entry.type, quantity: entry.quantity, price: entry.price, amount: entry.amount });
    ledger.push({ ...entry, amount });
    cash = roundMoney(cash + amount);
  };
  const trade = (type: 'buy' | 'sell', securityId: string, quantity: number, date: string, notes: string) => {
    const price = market.close(securityId, date);
    if (!price || quantity <= 0) return;
    record({ type, tradeDate: date, securityId, quantity, price, notes });
    held.set(securityId, (held.get(securityId) ?? 0) + (type === 'buy' ? quantity : -quantity));
    if (held.get(securityId) === 0) held.delete(securityId);
  };
  const valueAt = (date: string) =>
    roundMoney(cash + [...held].reduce((sum, [id, q]) => sum + tradeValue(q, market.close(id, date) ?? 0), 0));
  /** Buys the most underweight holdings with the cash above a 2% reserve. */
  const invest = (date: string, notes: string) => {
    const value = valueAt(date);
    for (let round = 0; round < 3; round += 1) {
      const spare = cash - value * 0.02;
      if (spare < Math.max(500, value * 0.01)) return;
      const [id] =
        [...targets]
          .map(([id, weight]) => [id, tradeValue(held.get(id) ?? 0, market.close(id, date) ?? 0) / value / weight] as const)
          .sort((a, b) => a[1] - b[1])[0] ?? [];
      const price = id ? market.close(id, date) : undefined;
      if (!id || !price) return;
      const budget = Math.min(spare, Math.max(value * (targets.get(id) ?? 0) - tradeValue(held.get(id) ?? 0, price), spare / 2));
      const quantity = Math.floor(budget / price);
      if (quantity < 1) return;
      trade('buy', id, quantity, date, notes);
    }
  };
  /** Sells some of the largest holding when cash is short of what is needed (nothing by default). */
  const raiseCash = (date: string, needed = 0) => {
    if (cash >= needed) return;
    const [id, quantity] =
      [...held].sort((a, b) => tradeValue(b[1], market.close(b[0], date) ?? 0) - tradeValue(a[1], market.close(a[0], date) ?? 0))[0] ?? [];
    const price = id ? market.close(id, date) : undefined;
    if (!id || !price || !quantity) return;
    trade('sell', id, Math.min(quantity, Math.ceil(((needed - cash) * 1.2) / price)), date, 'Sale to raise cash');
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
  for (const { security, weight } of chooseHoldings(securities, input.risk, count, random, input.age)) {
    const price = market.close(security.id, openedOn);
    if (!price) continue;
    const quantity = Math.floor((deposit * 0.98 * weight) / price);
    if (quantity < 1) continue;
    targets.set(security.id, weight);
    trade('buy', security.id, quantity, openedOn, 'Initial allocation');
  }

  const working = input.age < 62 && (input.client.annualIncome ?? 0) > 0;
  const retired = input.age >= 67;
  months.slice(1).forEach((date, index) => {
    const month = monthOf(date);
    // Dividends on what was held coming into the day.
    for (const [id, quantity] of [...held]) {
      const security = bySecurity.get(id)!;
      const policy = dividendPolicy(security);
      const pays = policy.perYear === 12 || (policy.perYear === 4 && (month + (hashString(security.symbol) % 3)) % 3 === 0);
      const close = market.close(id, date);
      if (!pays || !close || policy.yield === 0) continue;
      const perShare = roundPrice((close * policy.yield) / policy.perYear);
      const amount = tradeValue(quantity, perShare);
      if (amount >= 0.01)
        record({ type: 'dividend', tradeDate: date, securityId: id, quantity, price: perShare, amount, notes: 'Dividend' });
    }
    // Money in or out, by account and stage of life.
    if (input.accountType === '401k' || input.accountType === '403b') {
      if (working)
        record({
          type: 'deposit',
          tradeDate: date,
          securityId: null,
          quantity: null,
          price: null,
          amount: roundMoney(Math.min((input.client.annualIncome ?? 0) * 0.1, 23_000) / 12),
          notes: 'Payroll contribution',
        });
    } else if ((input.accountType === 'ira' || input.accountType === 'roth_ira') && working && month === 4) {
      record({
        type: 'deposit',
        tradeDate: date,
        securityId: null,
        quantity: null,
        price: null,
        amount: 7000,
        notes: 'Annual IRA contribution',
      });
    } else if (input.accountType === 'education_529' && month % 3 === 1) {
      record({
        type: 'deposit',
        tradeDate: date,
        securityId: null,
        quantity: null,
        price: null,
        amount: 1500,
        notes: 'Quarterly contribution',
      });
    } else if (retired && input.accountType !== 'education_529') {
      const amount = roundMoney((valueAt(date) * 0.04) / 12);
      raiseCash(date, amount);
      if (amount > 0)
        record({
          type: 'withdrawal',
          tradeDate: date,
          securityId: null,
          quantity: null,
          price: null,
          amount,
          notes: 'Monthly distribution',
        });
    }
    // Quarterly advisory fee: 1% a year of the account's value.
    if (month % 3 === 1) {
      const fee = roundMoney(valueAt(date) * 0.0025);
      raiseCash(date, fee);
      if (fee > 0)
        record({
          type: 'fee',
          tradeDate: date,
          securityId: null,
          quantity: null,
          price: null,
          amount: fee,
          notes: 'Quarterly advisory fee',
        });
    }
    // Yearly rebalancing: trim what has grown past its target, sometimes replace a holding.
    if ((index + 1) % 12 === 0) {
      const value = valueAt(date);
      for (const [id, quantity] of [...held]) {
        const price = market.close(id, date);
        const target = targets.get(id) ?? 0;
        if (!price) continue;
        const excess = Math.floor((tradeValue(quantity, price) - value * target) / price);
        if (tradeValue(quantity, price) > value * target * 1.2 && excess >= 1)
          trade('sell', id, Math.min(excess, quantity), date, 'Rebalance');
      }
      if (random.next() < 0.4 && held.size > 3) {
        const [outgoing] = pick([...held.keys()], 1, random);
        const old = outgoing ? bySecurity.get(outgoing) : undefined;
        const replacement = old
          ? pick(
              securities.filter((s) => s.assetClass === old.assetClass && !targets.has(s.id) && s.riskRating === old.riskRating),
              1,
              random,
            )[0]
          : undefined;
        if (old && replacement && market.close(replacement.id, date)) {
          trade('sell', old.id, held.get(old.id) ?? 0, date, `Replaced by ${replacement.symbol}`);
          targets.set(replacement.id, targets.get(old.id) ?? 0);
          targets.delete(old.id);
        }
      }
    }
    invest(date, 'Invest cash');
    raiseCash(date);
  });

  // The holdings are what the ledger replays to: the same function the API rebuilds holdings with.
  const holdings: PlannedHolding[] = [];
  for (const securityId of new Set(ledger.filter((t) => t.type === 'buy' || t.type === 'sell').map((t) => t.securityId!))) {
    const trades = ledger.filter((t) => t.securityId === securityId && (t.type === 'buy' || t.type === 'sell'));
    const position = positionFromTransactions(trades);
    if (position.quantity === 0) continue;
    const open = sinceOpened(trades);
    holdings.push({
      securityId,
      quantity: position.quantity,
      averageCost: position.averageCost,
      openedOn: open[0]!.tradeDate,
      lastTradeOn: open.at(-1)!.tradeDate,
      trades: open.length,
    });
  }
  return {
    name: input.name,
    accountType: input.accountType,
    benchmarkSymbol: input.risk === 'low' ? input.benchmarks.conservative : input.benchmarks.growth,
    openedOn,
    transactions: ledger,
    holdings,
    cash: cashBalance(ledger.map((t) => t.amount)),
  };
}

/** The trades of the open position: those after the last sale of everything. */
function sinceOpened(trades: readonly PlannedTransaction[]): PlannedTransaction[] {
  let quantity = 0;
  let opened = 0;
  trades.forEach((t, index) => {
    quantity += t.type === 'buy' ? t.quantity! : -t.quantity!;
    if (quantity === 0) opened = index + 1;
  });
  return trades.slice(opened);
}
