import type { AnalyticsPoint, RiskMetrics } from './contracts.ts';
import { benchmarkBase, benchmarkReturns, closeOnOrBefore, type BenchmarkClose } from './benchmark.ts';
import { growthIndex, type DatedReturn } from './returns.ts';
import {
  alignByDate,
  annualisedVolatility,
  beta,
  correlation,
  historicalCVaR,
  historicalVaR,
  maxDrawdown,
  sharpeRatio,
  sortinoRatio,
  type DatedValue,
} from './risk.ts';
import type { PeriodWindow } from './report-returns.ts';

/** The analytics report's chart (growth, benchmark growth and drawdown a day) and its risk figures over the chosen period (report.ts). */

/** The contract: a risk figure needs at least two daily returns. */
const minimumObservations = 2;

/** The growth index at the period's opening close: the first peak a drawdown is measured from. */
const openingGrowth = 100;

/**
 * One point per day of the period: growth is 100 × the growth index of the daily time-weighted
 * returns (the first day's return included, so the last point is 100 × (1 + the period's TWR)); a day
 * without capital at work (no return) keeps the growth it had, 100 before any. The drawdown runs from
 * the highest growth since the opening close (100), so a fall on the period's first day counts.
 */
export function periodSeries(
  window: PeriodWindow,
  returns: readonly DatedReturn[],
  closes: readonly BenchmarkClose[],
  asOf: string,
): AnalyticsPoint[] {
  const growthByDate = new Map(growthIndex(returns).map((point) => [point.date, point.value]));
  const base = benchmarkBase(closes, window.start, asOf);
  let growthIndexValue = 1;
  let peak = openingGrowth;
  return window.days.map((day) => {
    growthIndexValue = growthByDate.get(day.date) ?? growthIndexValue;
    const growth = openingGrowth * growthIndexValue;
    peak = Math.max(peak, growth);
    const close = base === null ? undefined : closeOnOrBefore(closes, day.date);
    return {
      date: day.date,
      value: day.value,
      flow: day.flow,
      growth,
      benchmark_growth: base === null || close === undefined ? null : (openingGrowth * close.close) / base,
      drawdown: growth / peak - 1,
    };
  });
}

/** The chart's growth with the opening close (100, the period's first peak) before its first day. */
export function growthSinceOpening(window: PeriodWindow, points: readonly AnalyticsPoint[]): DatedValue[] {
  return [{ date: window.openingDate, value: openingGrowth }, ...points.map((point) => ({ date: point.date, value: point.growth }))];
}

export function riskMetrics(
  returns: readonly DatedReturn[],
  growth: readonly DatedValue[],
  closes: readonly BenchmarkClose[],
  riskFreeRate: number,
): RiskMetrics {
  const values = returns.map((day) => day.return);
  const risk: RiskMetrics = {
    observations: values.length,
    volatility: null,
    sharpe: null,
    sortino: null,
    risk_free_rate: riskFreeRate,
    max_drawdown: null,
    beta: null,
    correlation: null,
    var_95: null,
    cvar_95: null,
  };
  if (values.length < minimumObservations) return risk;
  const paired = alignByDate(returns, benchmarkReturns(closes));
  const drawdown = maxDrawdown(growth);
  return {
    ...risk,
    volatility: annualisedVolatility(values),
    sharpe: sharpeRatio(values, riskFreeRate),
    // One basis for both ratios: Sortino's target is the firm's risk-free rate, as Sharpe's is.
    sortino: sortinoRatio(values, riskFreeRate),
    max_drawdown: drawdown && {
      depth: drawdown.depth,
      peak_date: drawdown.peakDate,
      trough_date: drawdown.troughDate,
      recovery_date: drawdown.recoveryDate,
    },
    beta: beta(paired.returns, paired.benchmark),
    correlation: correlation(paired.returns, paired.benchmark),
    var_95: historicalVaR(values, 0.95),
    cvar_95: historicalCVaR(values, 0.95),
  };
}
