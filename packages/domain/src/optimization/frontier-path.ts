/**
 * The efficient frontier as the critical line algorithm leaves it: its turning points, from the
 * minimum-variance portfolio to the maximum-return one. Between two turning points the weights are
 * the straight line between them, so the return is linear and the variance quadratic along the
 * segment; every frontier portfolio, the maximum-Sharpe one and the target-volatility one are read
 * off in O(n) each once the path is known.
 */

export type Allocation = { weights: Float64Array; expectedReturn: number; volatility: number };

export type TurningPoint = {
  /** The risk tolerance λ at which the active set changes (0 for the minimum-variance portfolio). */
  riskTolerance: number;
  weights: Float64Array;
  expectedReturn: number;
  variance: number;
};

export class EfficientFrontierPath {
  /**
   * @param turningPoints ascending in risk tolerance (hence in return and variance)
   * @param crossVariances wₖᵀΣwₖ₊₁ for each pair of consecutive turning points
   * @param lower, upper the weight bounds, to clamp interpolated weights against rounding
   */
  constructor(
    readonly turningPoints: readonly TurningPoint[],
    private readonly crossVariances: Float64Array,
    private readonly lower: Float64Array,
    private readonly upper: Float64Array,
  ) {
    if (turningPoints.length === 0) throw new Error('an efficient frontier path needs at least one turning point');
  }

  get minimumVariance(): Allocation {
    return this.allocationAt(0, 0);
  }

  get maximumReturn(): Allocation {
    return this.allocationAt(this.turningPoints.length - 1, 0);
  }

  /** The efficient portfolio whose expected return is `target`, clamped into the frontier's range. */
  atReturn(target: number): Allocation {
    if (Number.isNaN(target)) throw new RangeError('target return is NaN');
    const points = this.turningPoints;
    const last = points.length - 1;
    if (target <= points[0]!.expectedReturn) return this.allocationAt(0, 0);
    if (target >= points[last]!.expectedReturn) return this.allocationAt(last, 0);
    const segment = this.segmentBelow((point) => point.expectedReturn <= target);
    const from = points[segment]!.expectedReturn;
    const to = points[segment + 1]!.expectedReturn;
    return this.allocationAt(segment, to > from ? (target - from) / (to - from) : 0);
  }

  /**
   * `count` efficient portfolios evenly spaced in expected return from the minimum-variance portfolio
   * to the maximum-return one (the spacing of portfolio-allocation's meanVarianceEfficientFrontierPortfolios).
   */
  frontier(count: number): Allocation[] {
    if (!Number.isInteger(count) || count < 2)
      throw new RangeError(`an efficient frontier needs an integer number of points ≥ 2, got ${count}`);
    const low = this.turningPoints[0]!.expectedReturn;
    const high = this.turningPoints[this.turningPoints.length - 1]!.expectedReturn;
    const step = (high - low) / (count - 1);
    return Array.from({ length: count }, (_, index) =>
      index === 0 ? this.minimumVariance : index === count - 1 ? this.maximumReturn : this.atReturn(low + index * step),
    );
  }

  /** The highest-return efficient portfolio with volatility at most `target` (the minimum-variance one below its volatility). */
  atVolatility(target: number): Allocation {
    if (Number.isNaN(target)) throw new RangeError('target volatility is NaN');
    const points = this.turningPoints;
    const last = points.length - 1;
    const variance = target * target;
    if (target <= 0 || variance <= points[0]!.variance) return this.allocationAt(0, 0);
    if (variance >= points[last]!.variance) return this.allocationAt(last, 0);
    const segment = this.segmentBelow((point) => point.variance <= variance);
    const [p0, p1, p2] = this.varianceCoefficients(segment);
    return this.allocationAt(segment, rootInUnitInterval(p2, p1, p0 - variance));
  }

  /**
   * The efficient portfolio with the highest Sharpe ratio (r − riskFree) / σ, among those returning
   * more than `riskFree`. On a segment r is linear and σ² quadratic in the position t, and
   * d/dt [(r − rf)/σ] = 0 reduces to a linear equation in t (its t² terms cancel), so each segment
   * has at most one interior candidate besides its ends.
   */
  maximumSharpe(riskFree: number): Allocation {
    if (!Number.isFinite(riskFree)) throw new RangeError(`risk-free rate ${riskFree} is not finite`);
    const points = this.turningPoints;
    let bestSharpe = Number.NEGATIVE_INFINITY;
    let bestSegment = -1;
    let bestPosition = 0;
    const candidate = (segment: number, position: number, excess: number, variance: number) => {
      if (!(excess > 0) || !(variance > 0)) return;
      const sharpe = excess / Math.sqrt(variance);
      if (sharpe > bestSharpe) {
        bestSharpe = sharpe;
        bestSegment = segment;
        bestPosition = position;
      }
    };
    points.forEach((point, index) => candidate(index, 0, point.expectedReturn - riskFree, point.variance));
    for (let segment = 0; segment + 1 < points.length; segment += 1) {
      const [p0, p1, p2] = this.varianceCoefficients(segment);
      const excess = points[segment]!.expectedReturn - riskFree;
      const rise = points[segment + 1]!.expectedReturn - points[segment]!.expectedReturn;
      const denominator = (rise * p1) / 2 - excess * p2;
      if (denominator === 0) continue;
      const position = ((excess * p1) / 2 - rise * p0) / denominator;
      if (position > 0 && position < 1) candidate(segment, position, excess + position * rise, p0 + position * (p1 + position * p2));
    }
    if (bestSegment < 0) {
      const highest = points[points.length - 1]!.expectedReturn;
      throw new RangeError(
        `no efficient portfolio returns more than the risk-free rate ${riskFree} (the highest expected return is ${highest})`,
      );
    }
    return this.allocationAt(bestSegment, bestPosition);
  }

  /** Variance along segment s as p0 + p1·t + p2·t², t ∈ [0, 1], from the end variances and their cross term. */
  private varianceCoefficients(segment: number): [number, number, number] {
    const start = this.turningPoints[segment]!.variance;
    const end = this.turningPoints[segment + 1]!.variance;
    const cross = this.crossVariances[segment]!;
    return [start, 2 * (cross - start), start + end - 2 * cross];
  }

  /** The last turning point index (short of the final one) satisfying `below`; the path is monotone in it. */
  private segmentBelow(below: (point: TurningPoint) => boolean): number {
    let low = 0;
    let high = this.turningPoints.length - 1;
    while (high - low > 1) {
      const middle = (low + high) >> 1;
      if (below(this.turningPoints[middle]!)) low = middle;
      else high = middle;
    }
    return low;
  }

  /** The portfolio at position t ∈ [0, 1] along the segment from turning point `segment` to the next. */
  private allocationAt(segment: number, position: number): Allocation {
    const start = this.turningPoints[segment]!;
    if (position <= 0)
      return { weights: Float64Array.from(start.weights), expectedReturn: start.expectedReturn, volatility: Math.sqrt(start.variance) };
    const end = this.turningPoints[segment + 1]!;
    const weights = new Float64Array(start.weights.length);
    for (let i = 0; i < weights.length; i += 1) {
      const weight = (1 - position) * start.weights[i]! + position * end.weights[i]!;
      weights[i] = Math.min(Math.max(weight, this.lower[i]!), this.upper[i]!);
    }
    const [p0, p1, p2] = this.varianceCoefficients(segment);
    return {
      weights,
      expectedReturn: (1 - position) * start.expectedReturn + position * end.expectedReturn,
      volatility: Math.sqrt(Math.max(0, p0 + position * (p1 + position * p2))),
    };
  }
}

/** The root in [0, 1] of a·t² + b·t + c (c ≤ 0 ≤ a + b + c), by the cancellation-free quadratic formula. */
function rootInUnitInterval(a: number, b: number, c: number): number {
  const clamp = (t: number) => Math.min(Math.max(t, 0), 1);
  if (Math.abs(a) <= 1e-14 * Math.abs(b)) return clamp(-c / b);
  const q = -0.5 * (b + (b >= 0 ? 1 : -1) * Math.sqrt(Math.max(0, b * b - 4 * a * c)));
  const first = q / a;
  const second = q === 0 ? first : c / q;
  if (first >= 0 && first <= 1) return first;
  if (second >= 0 && second <= 1) return second;
  return clamp(Math.abs(first - 0.5) < Math.abs(second - 0.5) ? first : second);
}
