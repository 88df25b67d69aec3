import type { AssetClass, RiskRating } from './contracts.ts';
import { addDays, dayNumber, tradingDaysBetween } from '../shared/trading-calendar.ts';

/**
 * Deterministic simulated daily closes, used until real prices are imported.
 *
 * Each day's log return of a security is
 *   (drift − vol²/2)/252 + vol/√252 · (m·M[d] + s·S[sector, d] + e·E[symbol, d])
 * with M the market factor, S its sector's factor and E its own noise: independent standard normal
 * shocks, with m² + s² + e² = 1 so the security's volatility is `vol`. Securities of one sector share
 * S and are therefore more correlated with each other than with the rest of the market.
 *
 * Every shock is a pure function of (seed, factor, date) — a counter-based generator, not a stream —
 * so a symbol's return from one trading day to the next does not depend on the window asked for.
 * The level is then set by one multiplicative rescale of the whole path: its LAST close lies within
 * 2 % (and 49 cents) of the security's reference close (an approximate real price level, so SPY reads ≈ $600, not
 * $41), with ordinary cents drawn from the symbol: a list of closes ending on $115.00 and $920.00
 * reads as invented. A rescale leaves every return, the volatility and the correlations untouched. Consequently, windows
 * ending on the same day give the same closes on the days both cover (whatever their length), and
 * windows ending on different days give the same returns but levels pinned at their own last day.
 * Nothing here reads Math.random or the clock.
 */

export type SimulatedSecurity = {
  symbol: string;
  assetClass: AssetClass;
  sector: string;
  riskRating: RiskRating;
  /**
   * The close the series ends on (its last trading day): an approximate real price level of the
   * security, used only to anchor the simulation. Without one, a level is drawn from the symbol.
   */
  referenceClose?: number;
};

export type SimulationParameters = {
  /** Expected annual return (e.g. 0.08 = 8%/yr). */
  drift: number;
  /** Annualised volatility of daily log returns. */
  volatility: number;
  /** Loadings on the market factor, the sector factor and the security's own noise (squares sum to 1). */
  market: number;
  sector: number;
  own: number;
  /** The security's level: its referenceClose, or a level drawn from its symbol. */
  referenceClose: number;
  /** Close on the last day of the series: within 2 % (and 49 cents) of referenceClose, never on a whole dollar. */
  lastClose: number;
};

export type SimulationOptions = {
  /** Last day of the series (the last trading day on or before it ends the series). */
  endDate: string;
  /** Calendar years of history before endDate (at least 1). */
  years: number;
  /** Seed of every random draw; the default is Meridian's. */
  seed?: string;
};

type SimulatedSeries = { symbol: string; closes: number[] };

export type Simulation = {
  /** Trading days of the window, oldest first. */
  dates: string[];
  /** One series per security, in the order given, each aligned with `dates`, rounded to cents. */
  series: SimulatedSeries[];
};

const tradingDaysPerYear = 252;
/**
 * Meridian's seed. Any seed gives a valid random walk; this one was picked among forty because the
 * market it draws for 2021–2026 reads like an ordinary one (broad index ≈ +12%/yr with a ≈27%
 * drawdown, gold up, bonds flat), which makes a believable demo. Later days stay random.
 */
const defaultSimulationSeed = 'meridian-18';

// ---------------------------------------------------------------------------------------------
// Random numbers

/** FNV-1a hash of a string to an unsigned 32-bit integer. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A strong 32-bit integer mixer (lowbias32, C. Wellons): nearby inputs give unrelated outputs. */
function mix32(value: number): number {
  let x = value >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

const twoTo32 = 4_294_967_296;

/** A uniform number in (0, 1) for a key and a counter. */
function uniformAt(key: number, counter: number): number {
  const bits = mix32(mix32(key ^ Math.imul(counter + 1, 0x9e3779b9)) + counter);
  return (bits + 0.5) / twoTo32;
}

/** A standard normal number for a key and a counter (Box–Muller on two uniforms). */
export function normalAt(key: number, counter: number): number {
  const u1 = uniformAt(key, 2 * counter);
  const u2 = uniformAt(key, 2 * counter + 1);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

export type Random = {
  /** Uniform in [0, 1). */
  next(): number;
  /** Standard normal. */
  normal(): number;
  /** Whole number from min to max, both included. */
  int(min: number, max: number): number;
};

/** A seeded sequential generator (mulberry32) for code that wants a stream rather than keyed draws. */
export function createRandom(seed: string | number): Random {
  let state = typeof seed === 'number' ? seed >>> 0 : hashString(seed);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / twoTo32;
  };
  return {
    next,
    normal: () => {
      const u1 = 1 - next();
      const u2 = next();
      return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    },
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
  };
}

// ---------------------------------------------------------------------------------------------
// Parameters

type Profile = { drift: number; volatility: number };

/** Annual drift and volatility by asset class and risk rating (before a small per-symbol spread). */
const simulationProfiles: Record<AssetClass, Record<RiskRating, Profile>> = {
  equity: { low: { drift: 0.07, volatility: 0.18 }, medium: { drift: 0.085, volatility: 0.25 }, high: { drift: 0.1, volatility: 0.35 } },
  fixed_income: {
    low: { drift: 0.02, volatility: 0.04 },
    medium: { drift: 0.03, volatility: 0.07 },
    high: { drift: 0.04, volatility: 0.11 },
  },
  // T-bill and ultra-short funds: the yield accrues almost without a wobble.
  cash: { low: { drift: 0.04, volatility: 0.001 }, medium: { drift: 0.042, volatility: 0.002 }, high: { drift: 0.045, volatility: 0.004 } },
  // Gold is the medium case; silver, oil and broad commodity baskets are high.
  alternative: {
    low: { drift: 0.05, volatility: 0.12 },
    medium: { drift: 0.06, volatility: 0.15 },
    high: { drift: 0.045, volatility: 0.27 },
  },
  real_estate: {
    low: { drift: 0.05, volatility: 0.17 },
    medium: { drift: 0.06, volatility: 0.22 },
    high: { drift: 0.07, volatility: 0.28 },
  },
};

/** Factor loadings (market, sector); the security's own noise takes the rest of the variance. */
function loadings(security: SimulatedSecurity): [number, number] {
  // Broad index funds are the market, with a little style tilt.
  if (security.sector === 'Diversified') return [0.95, 0.2];
  switch (security.assetClass) {
    case 'equity':
      return [0.6, 0.45];
    case 'real_estate':
      return [0.5, 0.6];
    case 'fixed_income':
      return [0.12, 0.85];
    case 'alternative':
      return [0.1, 0.8];
    case 'cash':
      return [0, 0.3];
  }
}

/** Ranges (low, high) of the last close of a security given without a referenceClose; a symbol lands somewhere in it. */
const fallbackCloseRanges: Record<AssetClass, [number, number]> = {
  equity: [18, 520],
  fixed_income: [45, 115],
  cash: [50, 110],
  alternative: [18, 240],
  real_estate: [25, 260],
};

/** A number in [0, 1) that depends only on the symbol and a label. */
const symbolFraction = (symbol: string, label: string) => mix32(hashString(`${label}:${symbol}`)) / twoTo32;

/**
 * The simulation parameters of one security: deterministic from its symbol, class, sector and risk
 * (and its referenceClose, which only sets the level).
 */
export function simulationParameters(security: SimulatedSecurity): SimulationParameters {
  if (security.referenceClose !== undefined && !(Number.isFinite(security.referenceClose) && security.referenceClose > 0)) {
    throw new RangeError(`referenceClose of ${security.symbol} must be a positive number`);
  }
  const profile = simulationProfiles[security.assetClass][security.riskRating];
  const spread = security.assetClass === 'cash' ? 0.1 : security.assetClass === 'fixed_income' ? 1 / 3 : 1;
  // ±1.5 points of drift (±0.5 for bonds, ±0.15 for cash) and ±10% of volatility.
  const drift = profile.drift + (symbolFraction(security.symbol, 'drift') - 0.5) * 0.03 * spread;
  // A broad index fund diversifies away most single-company risk: about three quarters of the volatility.
  const breadth = security.sector === 'Diversified' ? 0.75 : 1;
  const volatility = profile.volatility * breadth * (0.9 + 0.2 * symbolFraction(security.symbol, 'volatility'));
  const [market, sector] = loadings(security);
  const own = Math.sqrt(Math.max(0, 1 - market * market - sector * sector));
  const [low, high] = fallbackCloseRanges[security.assetClass];
  // Log-uniform: as many $20-$40 stocks as $200-$400 ones.
  const referenceClose = security.referenceClose ?? Math.round(low * (high / low) ** symbolFraction(security.symbol, 'price') * 100) / 100;
  // Within ±2 % of the level, drawn from the symbol (so the same in any window); a whole dollar is
  // moved up by 1 to 49 cents.
  const near = Math.round(referenceClose * (1 + (symbolFraction(security.symbol, 'last-close') - 0.5) * 0.04) * 100);
  const lastClose = (near % 100 === 0 ? near + 1 + Math.floor(symbolFraction(security.symbol, 'cents') * 49) : near) / 100;
  return { drift, volatility, market, sector, own, referenceClose, lastClose };
}

// ---------------------------------------------------------------------------------------------
// Simulation

const roundCents = (value: number) => Math.max(0.01, Math.round(value * 100) / 100);

/** The first day of a window of `years` calendar years that ends on endDate. */
function windowStart(endDate: string, years: number): string {
  const [year, month, day] = endDate.split('-') as [string, string, string];
  const start = `${String(Number(year) - years).padStart(4, '0')}-${month}-${month === '02' && day === '29' ? '28' : day}`;
  return addDays(start, 1);
}

/**
 * Simulated daily closes of the given securities over `years` years ending on endDate (trading days
 * only), each series ending on its security's lastClose (see simulationParameters). Same inputs, same output, on any machine.
 */
export function simulatePrices(securities: readonly SimulatedSecurity[], options: SimulationOptions): Simulation {
  if (!(options.years >= 1)) throw new RangeError('years must be at least 1');
  const seed = options.seed ?? defaultSimulationSeed;
  const start = windowStart(options.endDate, options.years);
  const dates = tradingDaysBetween(start, options.endDate);
  if (dates.length === 0) return { dates, series: securities.map((s) => ({ symbol: s.symbol, closes: [] })) };

  const days = dates.map(dayNumber);

  const marketKey = hashString(`${seed}|market`);
  const marketShocks = days.map((day) => normalAt(marketKey, day));
  const sectorShocks = new Map<string, number[]>();
  const shocksOfSector = (sector: string) => {
    let shocks = sectorShocks.get(sector);
    if (!shocks) {
      const key = hashString(`${seed}|sector|${sector}`);
      shocks = days.map((day) => normalAt(key, day));
      sectorShocks.set(sector, shocks);
    }
    return shocks;
  };

  const dt = 1 / tradingDaysPerYear;
  const series = securities.map((security) => {
    const p = simulationParameters(security);
    const sector = shocksOfSector(security.sector);
    const ownKey = hashString(`${seed}|own|${security.symbol}`);
    const mean = (p.drift - (p.volatility * p.volatility) / 2) * dt;
    const scale = p.volatility * Math.sqrt(dt);
    // The log return from dates[i - 1] to dates[i] depends on dates[i] alone (and the seed): the same in any window.
    const logReturn = (i: number) =>
      mean + scale * (p.market * marketShocks[i]! + p.sector * sector[i]! + p.own * normalAt(ownKey, days[i]!));
    // Log closes relative to the last day (0 there), built backward from it; then one rescale to the last close.
    const last = dates.length - 1;
    const relative = new Array<number>(dates.length);
    relative[last] = 0;
    for (let i = last - 1; i >= 0; i -= 1) relative[i] = relative[i + 1]! - logReturn(i + 1);
    const closes = relative.map((logRatio) => roundCents(p.lastClose * Math.exp(logRatio)));
    return { symbol: security.symbol, closes };
  });
  return { dates, series };
}
