import { sumMoney } from '../portfolios/ledger.ts';

/**
 * Allocation weights and concentration of a portfolio (or a household, a book): from positions keyed
 * by what is being allocated (an asset class, a sector, a security). Weights are fractions of the
 * total (0.25 is a quarter) and add up to 1.
 *
 * Only positions worth more than 0 take part: a zero position holds nothing, and a negative one
 * (an overdrawn cash balance, a short) is not a share of what is owned; counting it would lower the
 * total and push the other weights past 100 %.
 */

export type KeyedValue = { key: string; marketValue: number };

export type AllocationWeight = { key: string; marketValue: number; weight: number };

/** Market value and weight per key, positions of one key summed to the cent; largest first, then by key. Empty when nothing is worth more than 0. */
export function weightsBy(positions: readonly KeyedValue[]): AllocationWeight[] {
  const owned = positions.filter((position) => position.marketValue > 0);
  const total = sumMoney(owned.map((position) => position.marketValue));
  const valuesByKey = new Map<string, number[]>();
  for (const position of owned) {
    const values = valuesByKey.get(position.key) ?? [];
    values.push(position.marketValue);
    valuesByKey.set(position.key, values);
  }
  return [...valuesByKey.entries()]
    .map(([key, values]) => {
      const marketValue = sumMoney(values);
      return { key, marketValue, weight: marketValue / total };
    })
    .sort((a, b) => b.weight - a.weight || a.key.localeCompare(b.key));
}

/**
 * The one definition of a weight that every screen shows (analytics by security, asset class and
 * sector, the largest position, the portfolio page, the client report): a share of the account's
 * total value, cash included, with the cash balance as a slice of its own under `cashKey` (merged
 * with positions of that key, e.g. a money-market fund in the 'cash' asset class). An overdrawn
 * balance is left out, as weightsBy leaves out any negative position.
 *
 * Example: GE worth 23,180 and other holdings 71,820 with 5,000 cash: GE weighs 23,180 / 100,000 =
 * 23.18 %, not 23,180 / 95,000 = 24.40 % of the holdings alone.
 */
export function accountWeights(positions: readonly KeyedValue[], cash: number, cashKey: string): AllocationWeight[] {
  return weightsBy([...positions, { key: cashKey, marketValue: cash }]);
}

export type Concentration = {
  /** The key with the largest weight (the first by key among equals) and that weight. */
  largestKey: string;
  largestWeight: number;
  /** The five largest weights summed (all of them when there are five or fewer). */
  topFiveWeight: number;
  /** Herfindahl–Hirschman index Σ w²: 1 for a single holding, 1/n for n equal ones. */
  herfindahl: number;
};

const topCount = 5;

/**
 * How concentrated the positions are, per key (group by security for single-name risk), each weight
 * of the account's total value as accountWeights gives it (cash counts in the total, so the largest
 * position reads the same as its slice by security), the cash slice itself not being a position.
 * Null when no position is worth more than 0.
 */
export function concentration(positions: readonly KeyedValue[], cash = 0): Concentration | null {
  const cashKey = '\u0000cash';
  const weights = accountWeights(positions, cash, cashKey).filter((slice) => slice.key !== cashKey);
  const largest = weights[0];
  if (!largest) return null;
  return {
    largestKey: largest.key,
    largestWeight: largest.weight,
    topFiveWeight: weights.slice(0, topCount).reduce((sum, slice) => sum + slice.weight, 0),
    herfindahl: weights.reduce((sum, slice) => sum + slice.weight ** 2, 0),
  };
}
