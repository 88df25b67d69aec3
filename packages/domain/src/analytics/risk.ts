import type { DatedReturn } from './returns.ts';

/**
 * Risk figures from daily returns (fractions: 0.01 is a 1 % day). Yearly figures assume 252 trading
 * days. A figure that cannot be computed (too few returns, no variation) is null, never NaN.
 */

const tradingDaysPerYear = 252;

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** Sample covariance (n − 1); null under two observations. */
function sampleCovariance(a: readonly number[], b: readonly number[]): number | null {
  if (a.length < 2) return null;
  const meanA = mean(a);
  const meanB = mean(b);
  return a.reduce((sum, value, index) => sum + (value - meanA) * ((b[index] ?? 0) - meanB), 0) / (a.length - 1);
}

const sampleVariance = (values: readonly number[]) => sampleCovariance(values, values);

/** Annualised volatility: the sample standard deviation of the daily returns × √252. */
export function annualisedVolatility(dailyReturns: readonly number[]): number | null {
  const variance = sampleVariance(dailyReturns);
  return variance === null ? null : Math.sqrt(variance * tradingDaysPerYear);
}

/** The daily rate that compounds to the annual one over 252 days: (1 + annual)^(1/252) − 1. */
const dailyRate = (annualRate: number) => (1 + annualRate) ** (1 / tradingDaysPerYear) - 1;

/**
 * Sharpe ratio, annualised: mean daily excess return over the daily risk-free rate (converted
 * geometrically from `annualRiskFreeRate`), divided by the sample standard deviation of the daily
 * returns, × √252. Null under two returns or when they never vary.
 */
export function sharpeRatio(dailyReturns: readonly number[], annualRiskFreeRate = 0): number | null {
  const variance = sampleVariance(dailyReturns);
  if (variance === null || variance === 0) return null;
  return ((mean(dailyReturns) - dailyRate(annualRiskFreeRate)) / Math.sqrt(variance)) * Math.sqrt(tradingDaysPerYear);
}

/**
 * Sortino ratio, annualised: mean daily return less the daily target, divided by the downside
 * deviation √(Σ min(0, r − target)² / n) over ALL n days (days above target count as no shortfall),
 * × √252. The target is `annualTargetRate` converted to a daily rate as for Sharpe (the risk-free
 * rate, or 0). Null without returns or when no day fell short of the target.
 */
export function sortinoRatio(dailyReturns: readonly number[], annualTargetRate = 0): number | null {
  if (dailyReturns.length === 0) return null;
  const target = dailyRate(annualTargetRate);
  const shortfalls = dailyReturns.map((r) => Math.min(0, r - target) ** 2);
  const downsideDeviation = Math.sqrt(mean(shortfalls));
  if (downsideDeviation === 0) return null;
  return ((mean(dailyReturns) - target) / downsideDeviation) * Math.sqrt(tradingDaysPerYear);
}

export type DatedValue = { date: string; value: number };

export type Drawdown = {
  /** The fall from the peak to the trough as a positive fraction of the peak (0.25: a quarter lost). */
  depth: number;
  peakDate: string;
  troughDate: string;
  /** The first date after the trough back at or above the peak; null while not recovered. */
  recoveryDate: string | null;
};

/**
 * The largest peak-to-trough fall of a value series in date order. Measure it on a flow-free series
 * (growthIndex of the time-weighted returns), not on market values that withdrawals lower. Values
 * must be positive. Null when the series never falls below an earlier peak. Of equal falls, the first.
 */
export function maxDrawdown(values: readonly DatedValue[]): Drawdown | null {
  let peak: DatedValue | undefined;
  let deepest: { depth: number; peak: DatedValue; trough: DatedValue; troughIndex: number } | undefined;
  for (const [index, point] of values.entries()) {
    if (!peak || point.value > peak.value) peak = point;
    const depth = (peak.value - point.value) / peak.value;
    if (depth > (deepest?.depth ?? 0)) deepest = { depth, peak, trough: point, troughIndex: index };
  }
  if (!deepest) return null;
  const { depth, peak: top, trough, troughIndex } = deepest;
  const recovery = values.slice(troughIndex + 1).find((point) => point.value >= top.value);
  return { depth, peakDate: top.date, troughDate: trough.date, recoveryDate: recovery?.date ?? null };
}

/** The two series' returns on the dates both have, in the portfolio's order: the pairs beta and correlation need. */
export function alignByDate(
  returns: readonly DatedReturn[],
  benchmark: readonly DatedReturn[],
): { returns: number[]; benchmark: number[] } {
  const benchmarkByDate = new Map(benchmark.map((day) => [day.date, day.return]));
  const paired = returns.flatMap((day) => {
    const other = benchmarkByDate.get(day.date);
    return other === undefined ? [] : [[day.return, other] as const];
  });
  return { returns: paired.map(([mine]) => mine), benchmark: paired.map(([, theirs]) => theirs) };
}

function requireSameLength(returns: readonly number[], benchmark: readonly number[]): void {
  if (returns.length !== benchmark.length) {
    throw new RangeError(
      `Returns and benchmark must be paired day by day (${returns.length} vs ${benchmark.length}); align them by date first`,
    );
  }
}

/** Beta against a benchmark: cov(r, b) / var(b), sample statistics on index-aligned daily returns. Null under two pairs or a flat benchmark. */
export function beta(dailyReturns: readonly number[], benchmarkReturns: readonly number[]): number | null {
  requireSameLength(dailyReturns, benchmarkReturns);
  const covariance = sampleCovariance(dailyReturns, benchmarkReturns);
  const benchmarkVariance = sampleVariance(benchmarkReturns);
  if (covariance === null || !benchmarkVariance) return null;
  return covariance / benchmarkVariance;
}

/** Pearson correlation with a benchmark, on index-aligned daily returns. Null under two pairs or when either never varies. */
export function correlation(dailyReturns: readonly number[], benchmarkReturns: readonly number[]): number | null {
  requireSameLength(dailyReturns, benchmarkReturns);
  const covariance = sampleCovariance(dailyReturns, benchmarkReturns);
  const variances = (sampleVariance(dailyReturns) ?? 0) * (sampleVariance(benchmarkReturns) ?? 0);
  if (covariance === null || variances === 0) return null;
  return covariance / Math.sqrt(variances);
}

/**
 * The worst k days of the history, k = ⌈n × (1 − confidence)⌉ (at least one): 5 % of 40 days is the
 * 2 worst. Guarded against float noise (1 − 0.95 is 0.0500000000000000444, which would make 40 × it
 * round up to 3).
 */
function worstDays(dailyReturns: readonly number[], confidence: number): number[] {
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`Confidence must be between 0 and 1: ${confidence}`);
  const count = Math.max(1, Math.ceil(dailyReturns.length * (1 - confidence) - 1e-9));
  return [...dailyReturns].sort((a, b) => a - b).slice(0, count);
}

/**
 * Historical one-day value at risk as a positive fraction: the loss of the k-th worst day, k as in
 * worstDays (the empirical quantile, no interpolation). 0.95 by default. Not floored at 0: a negative
 * figure says even the bad days gained. Null without returns.
 */
export function historicalVaR(dailyReturns: readonly number[], confidence = 0.95): number | null {
  if (dailyReturns.length === 0) return null;
  const worst = worstDays(dailyReturns, confidence);
  return -(worst[worst.length - 1] ?? 0);
}

/** Historical conditional VaR (expected shortfall): the mean loss of the same k worst days, as a positive fraction. Null without returns. */
export function historicalCVaR(dailyReturns: readonly number[], confidence = 0.95): number | null {
  if (dailyReturns.length === 0) return null;
  return -mean(worstDays(dailyReturns, confidence));
}
