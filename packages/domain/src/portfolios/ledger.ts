/**
 * The transaction ledger of a portfolio and what follows from it: positions by the average-cost
 * method, the cash effect of each transaction, and the valuation figures the portfolio views show.
 *
 * Arithmetic is decimal-exact: money is carried as whole cents, quantities as millionths of a share
 * and prices as ten-thousandths of a dollar (the scales of the database columns), and products go
 * through BigInt, so no float error ever reaches a stored or displayed figure. Every rounding is
 * half away from zero, like PostgreSQL's round() on numeric, so the server's SQL sums agree with
 * these functions to the cent. Functions take and return plain numbers in dollars and shares.
 */

export const transactionTypes = ['buy', 'sell', 'dividend', 'interest', 'deposit', 'withdrawal', 'fee'] as const;
export type TransactionType = (typeof transactionTypes)[number];

/** Types that take cash out (their amount is given as a positive number); dividend, interest and deposit bring it in. */
const cashOutTypes = ['withdrawal', 'fee'] as const satisfies readonly TransactionType[];

/** Types that change a position (quantity and cost). */
export const isTrade = (type: TransactionType): type is 'buy' | 'sell' => type === 'buy' || type === 'sell';

// ---------------------------------------------------------------------------------------------
// Decimal scales

const moneyDecimals = 2;
const quantityDecimals = 6;
const priceDecimals = 4;
const percentDecimals = 2;

/** The value as a whole number of 10^-decimals units, rounded half away from zero. */
function toUnits(value: number, decimals: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  const magnitude = Math.abs(value);
  // Fast path: below 10^12 units the product's float error is under 10^-3 of a unit, so unless the
  // product sits within that of a half, it rounds as the decimal text would (valuing a book calls this millions of times).
  const product = magnitude * 10 ** decimals;
  if (product < 1e12 && Math.abs(product - Math.floor(product) - 0.5) > 1e-3) {
    const units = Math.round(product);
    return value < 0 && units !== 0 ? -units : units;
  }
  const text = String(magnitude);
  // Shifting the decimal text ("1.005e2" is exactly 100.5) rounds as the digits read, unlike 1.005 * 100.
  const shifted = text.includes('e') ? magnitude * 10 ** decimals : Number(`${text}e${decimals}`);
  const units = Math.round(shifted);
  return value < 0 && units !== 0 ? -units : units;
}

const fromUnits = (units: number | bigint, decimals: number) => Number(units) / 10 ** decimals;

/** Dollars rounded to cents. */
export const roundMoney = (value: number): number => fromUnits(toUnits(value, moneyDecimals), moneyDecimals);
/** Shares rounded to 6 decimals. */
export const roundQuantity = (value: number): number => fromUnits(toUnits(value, quantityDecimals), quantityDecimals);
/** A price rounded to 4 decimals (the scale of stored prices and average costs). */
export const roundPrice = (value: number): number => fromUnits(toUnits(value, priceDecimals), priceDecimals);
/** A percentage rounded to 2 decimals. */
export const roundPercent = (value: number): number => fromUnits(toUnits(value, percentDecimals), percentDecimals);

const cents = (dollars: number) => toUnits(dollars, moneyDecimals);
const micros = (shares: number) => toUnits(shares, quantityDecimals);
const priceUnits = (price: number) => toUnits(price, priceDecimals);

/** n / d rounded half away from zero (d > 0). */
function divideRounded(n: bigint, d: bigint): bigint {
  const quotient = n / d;
  const remainder = n % d;
  const twice = 2n * (remainder < 0n ? -remainder : remainder);
  if (twice >= d) return quotient + (n < 0n ? -1n : 1n);
  return quotient;
}

/** Units of quantity × price (micro-shares × 10^-4 dollars = 10^-10 dollars) per cent. */
const centUnits = 100_000_000;

/** quantity × price in whole cents, rounded half away from zero. */
function productCents(quantityMicros: number, price: number): number {
  const units = priceUnits(price);
  const product = quantityMicros * units;
  // Exact in a double below 2^53: whole-number remainder and division, no BigInt needed.
  if (Number.isSafeInteger(product) && product >= 0) {
    const remainder = product % centUnits;
    return (product - remainder) / centUnits + (2 * remainder >= centUnits ? 1 : 0);
  }
  return Number(divideRounded(BigInt(quantityMicros) * BigInt(units), BigInt(centUnits)));
}

/** quantity × price rounded to cents: the value of a trade, or of a holding at a close. */
export const tradeValue = (quantity: number, price: number): number => fromUnits(productCents(micros(quantity), price), moneyDecimals);

// ---------------------------------------------------------------------------------------------
// Cash

/** What a transaction carries: shares and price for trades, a positive amount for the rest. */
export type LedgerEntry = {
  type: TransactionType;
  quantity?: number | null;
  price?: number | null;
  amount?: number | null;
};

/**
 * The signed cash effect of a transaction: a buy spends quantity × price, a sell brings it in;
 * dividend, interest and deposit add their amount, withdrawal and fee take it. Fees of a trade are
 * a fee transaction of their own, so a buy's amount is exactly its quantity × price.
 */
export function cashEffect(entry: LedgerEntry): number {
  if (isTrade(entry.type)) {
    const value = tradeValue(requirePositive(entry.quantity, 'quantity'), requireNonNegative(entry.price, 'price'));
    return entry.type === 'buy' ? -value || 0 : value;
  }
  const amount = roundMoney(requirePositive(entry.amount, 'amount'));
  return (cashOutTypes as readonly TransactionType[]).includes(entry.type) ? -amount : amount;
}

/** The cash of a ledger: the sum of its signed amounts, to the cent. */
export function cashBalance(signedAmounts: readonly number[]): number {
  return fromUnits(
    signedAmounts.reduce((total, amount) => total + cents(amount), 0),
    moneyDecimals,
  );
}

function requirePositive(value: number | null | undefined, name: string): number {
  if (value === null || value === undefined || !(value > 0)) throw new RangeError(`${name} must be greater than 0`);
  return value;
}

function requireNonNegative(value: number | null | undefined, name: string): number {
  if (value === null || value === undefined || !(value >= 0)) throw new RangeError(`${name} must be 0 or more`);
  return value;
}

// ---------------------------------------------------------------------------------------------
// Positions (average-cost method)

/** A holding as the ledger makes it: shares, their total cost, the average cost per share, and the gain realised by sells. */
export type Position = {
  quantity: number;
  costBasis: number;
  averageCost: number;
  realizedGain: number;
};

/** A sell of more shares than the position holds at that point of the ledger. */
export class OversellError extends Error {
  /** The position in the ledger given to positionFromTransactions of the sell that fails (-1 when unknown). */
  index = -1;
  constructor(
    readonly held: number,
    readonly requested: number,
  ) {
    super(oversellMessage(held));
    this.name = 'OversellError';
  }
}

const shareCount = new Intl.NumberFormat('en-US', { maximumFractionDigits: quantityDecimals });

/** 'Cannot sell more than the 10.5 shares held' (the one share, no shares). */
export function oversellMessage(held: number): string {
  if (held <= 0) return 'Cannot sell: no shares are held';
  return `Cannot sell more than the ${shareCount.format(held)} ${held === 1 ? 'share' : 'shares'} held`;
}

/**
 * A position while the ledger is replayed. Cost is carried in 10^-10 dollars (the exact unit of
 * micro-shares × 10^-4 dollars): a buy adds the cash it paid, a sell removes its exact share of the
 * cost, so the average cost does not drift by a rounded cent on each partial sell.
 */
type PositionUnits = { micros: bigint; cost: bigint; realized: bigint };

const finePerCent = 100_000_000n;

function toPosition(units: PositionUnits): Position {
  return {
    quantity: fromUnits(units.micros, quantityDecimals),
    costBasis: fromUnits(divideRounded(units.cost, finePerCent), moneyDecimals),
    // cost / (micros × 10^4) dollars; in 10^-4 dollars that is cost / micros.
    averageCost: units.micros > 0n ? fromUnits(divideRounded(units.cost, units.micros), priceDecimals) : 0,
    realizedGain: fromUnits(divideRounded(units.realized, finePerCent), moneyDecimals),
  };
}

function applyUnits(units: PositionUnits, entry: LedgerEntry): PositionUnits {
  if (!isTrade(entry.type)) return units; // dividends and the rest move cash, not shares
  const quantity = micros(requirePositive(entry.quantity, 'quantity'));
  if (quantity === 0) throw new RangeError('quantity must be at least 0.000001');
  const cash = BigInt(productCents(quantity, requireNonNegative(entry.price, 'price'))) * finePerCent;
  const shares = BigInt(quantity);
  if (entry.type === 'buy') return { micros: units.micros + shares, cost: units.cost + cash, realized: units.realized };
  if (shares > units.micros) throw new OversellError(fromUnits(units.micros, quantityDecimals), fromUnits(shares, quantityDecimals));
  // The shares sold leave at the average cost: their share of the cost (all of it on a full sale).
  const costSold = shares === units.micros ? units.cost : divideRounded(units.cost * shares, units.micros);
  return { micros: units.micros - shares, cost: units.cost - costSold, realized: units.realized + cash - costSold };
}

/**
 * The position of one security from its transactions in ledger order (trade date, then the order
 * they were recorded). Buys add shares and cost; sells remove shares at the average cost and
 * realise the difference to their proceeds; selling everything zeroes quantity and cost (the
 * realised gain stays). Throws OversellError where a sell exceeds what is held at that point.
 */
export function positionFromTransactions(entries: readonly LedgerEntry[]): Position {
  let units: PositionUnits = { micros: 0n, cost: 0n, realized: 0n };
  entries.forEach((entry, index) => {
    try {
      units = applyUnits(units, entry);
    } catch (error) {
      if (error instanceof OversellError) error.index = index;
      throw error;
    }
  });
  return toPosition(units);
}

// ---------------------------------------------------------------------------------------------
// Valuation (display helpers, spec part 2 §5 and §9)

/** Market value: quantity × the latest close, to the cent. */
export const marketValue = (quantity: number, close: number): number => tradeValue(quantity, close);

/** Cost basis of a holding: quantity × average cost, to the cent. */
const costBasisOf = (quantity: number, averageCost: number): number => tradeValue(quantity, averageCost);

/** Gain or loss as a percentage of its base; 0 when the base is not above 0 (spec). */
export const gainLossPercent = (gainLoss: number, base: number): number => (base > 0 ? roundPercent((gainLoss / base) * 100) : 0);

/** A part's percentage of a total; 0 when the total is not above 0 (spec). */
export const allocationPercent = (value: number, total: number): number => (total > 0 ? roundPercent((value / total) * 100) : 0);

export type HoldingValuation = {
  marketValue: number;
  costBasis: number;
  gainLoss: number;
  gainLossPercent: number;
};

/**
 * The figures of one holding at a close. A security that has no close yet is valued at its average
 * cost (no gain or loss) rather than at nothing.
 */
export function valueHolding(holding: { quantity: number; averageCost: number; lastClose: number | null }): HoldingValuation {
  const value = marketValue(holding.quantity, holding.lastClose ?? holding.averageCost);
  const cost = costBasisOf(holding.quantity, holding.averageCost);
  const gainLoss = fromUnits(cents(value) - cents(cost), moneyDecimals);
  return { marketValue: value, costBasis: cost, gainLoss, gainLossPercent: gainLossPercent(gainLoss, cost) };
}

/** Sums of money, exact to the cent. */
export const sumMoney = (values: readonly number[]): number => cashBalance(values);

export type PortfolioTotals = {
  cashBalance: number;
  holdingsValue: number;
  totalValue: number;
  costBasis: number;
  gainLoss: number;
  gainLossPercent: number;
};

/** A portfolio's figures from its cash and its holdings' valuations; gain/loss is on the holdings' cost. */
export function portfolioTotals(cash: number, valuations: readonly HoldingValuation[]): PortfolioTotals {
  const holdingsValue = sumMoney(valuations.map((v) => v.marketValue));
  const costBasis = sumMoney(valuations.map((v) => v.costBasis));
  const gainLoss = sumMoney([holdingsValue, -costBasis]);
  return {
    cashBalance: roundMoney(cash),
    holdingsValue,
    totalValue: sumMoney([cash, holdingsValue]),
    costBasis,
    gainLoss,
    gainLossPercent: gainLossPercent(gainLoss, costBasis),
  };
}

export type AllocationSlice = {
  /** The sector or asset class. */
  key: string;
  marketValue: number;
  /** Sum of the slice's holdings' percentages of the total market value, 2 decimals. */
  percent: number;
  holdings: number;
};

/**
 * Allocation grouped by a key (sector, asset class): each slice's percentage is the sum of its
 * holdings' percentages of the total market value (spec §9), rounded once at the end; 0 for every
 * slice when the total is not above 0. Largest slice first, then by key.
 */
export function allocationBy<T>(items: readonly T[], keyOf: (item: T) => string, valueOf: (item: T) => number): AllocationSlice[] {
  const total = sumMoney(items.map(valueOf));
  const slices = new Map<string, { cents: number; percent: number; holdings: number }>();
  for (const item of items) {
    const key = keyOf(item);
    const value = valueOf(item);
    const slice = slices.get(key) ?? { cents: 0, percent: 0, holdings: 0 };
    slice.cents += cents(value);
    slice.percent += total > 0 ? (value / total) * 100 : 0;
    slice.holdings += 1;
    slices.set(key, slice);
  }
  return [...slices.entries()]
    .map(([key, slice]) => ({
      key,
      marketValue: fromUnits(slice.cents, moneyDecimals),
      percent: total > 0 ? roundPercent(slice.percent) : 0,
      holdings: slice.holdings,
    }))
    .sort((a, b) => b.marketValue - a.marketValue || a.key.localeCompare(b.key));
}
