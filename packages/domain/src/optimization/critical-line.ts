/**
 * The critical line algorithm (Markowitz), generalised to group constraints, as a parametric
 * active-set method: it follows the solution of
 *
 *   minimise ½·wᵀΣw + c(s)ᵀw   subject to   Σw_i = 1,  l ≤ w ≤ u,  lo_g ≤ Σ_{i∈g} w_i ≤ hi_g
 *
 * while the linear term c(s) = base + s·slope moves with s. Between two turning points the active
 * set (assets held at a bound, groups held at a bound) is fixed, so the weights and every
 * multiplier are affine in s: w(s) = w0 + s·w1. The next turning point is the first s at which a free
 * weight or an inactive group reaches a bound, or the multiplier of an active bound changes sign.
 *
 * Two runs give the whole efficient frontier:
 *  1. from a feasible vertex (phase 1 of a simplex) with c(0) built so that the vertex is optimal,
 *     to c(1) = 0: the minimum-variance portfolio;
 *  2. from there, c(λ) = −λ·μ for λ from 0 upwards (risk tolerance λ): every turning point of the
 *     frontier, up to the maximum-return portfolio, where no further event occurs.
 *
 * At a turning point one asset enters or leaves the free set: the inverse of Σ over the free assets
 * and its products with the few right-hand sides the segment needs are updated in O(k²) (see
 * free-set-inverse.ts); the active rows (budget, active groups) are handled by a small Schur
 * complement; the multipliers of the bound assets need Σ_BF·w_F, O(|B|·k). No step refactors Σ.
 */
import type { FeasibleStart } from './feasible-start.ts';
import { FreeSetInverse } from './free-set-inverse.ts';
import type { PreparedProblem } from './problem.ts';
import { AT_LOWER, AT_UPPER, EventKind, FREE, INACTIVE, Segment } from './critical-line-segment.ts';

/** The path of the critical line: the active set and the linear term, moved from turning point to turning point (the segment reads them). */
export class ActiveSetPath {
  readonly n: number;
  private readonly covariance: Float64Array;
  readonly lower: Float64Array;
  readonly upper: Float64Array;
  readonly groups: PreparedProblem['groups'];

  readonly status: Int8Array;
  readonly fixed: Uint8Array;
  readonly groupStatus: Int8Array;
  readonly inverse: FreeSetInverse;

  /** The linear term c(s) = base + s·slope, and M·c_F for each part. */
  readonly base: Float64Array;
  readonly slope: Float64Array;
  readonly baseSolution: Float64Array;
  readonly slopeSolution: Float64Array;
  /** Constraint rows as n-vectors (0: the budget, 1 + g: group g), and M·row_F for each. */
  readonly rowSources: Float64Array[];
  readonly rowSolutions: Float64Array[];

  /** The current segment: the weights and multipliers, affine in s, while the active set holds. */
  private readonly segment: Segment;

  constructor(problem: PreparedProblem, start: FeasibleStart) {
    const { n, covariance, lower, upper, groups } = problem;
    this.n = n;
    this.covariance = covariance;
    this.lower = lower;
    this.upper = upper;
    this.groups = groups;
    const rowsMax = 1 + groups.length;
    this.status = new Int8Array(n);
    this.fixed = new Uint8Array(n);
    this.groupStatus = new Int8Array(groups.length);
    this.inverse = new FreeSetInverse(n, covariance);
    this.base = new Float64Array(n);
    this.slope = new Float64Array(n);
    this.segment = new Segment(n, rowsMax);

    // Bound assets first (the inverse starts empty), then the start's free assets enter one by one.
    for (let i = 0; i < n; i += 1) {
      this.fixed[i] = lower[i] === upper[i] ? 1 : 0;
      const side = start.assetStatus[i]!;
      if (side === FREE) continue;
      this.status[i] = side === AT_UPPER && !this.fixed[i] ? AT_UPPER : AT_LOWER;
      this.inverse.holdAt(i, this.boundValue(i));
    }
    this.baseSolution = this.inverse.track(this.base);
    this.slopeSolution = this.inverse.track(this.slope);
    this.rowSources = [new Float64Array(n).fill(1), ...groups.map((group) => Float64Array.from(group.mask))];
    this.rowSolutions = this.rowSources.map((row) => this.inverse.track(row));
    for (let i = 0; i < n; i += 1) if (this.status[i] === FREE) this.enter(i);
    groups.forEach((group, g) => {
      const side = start.groupStatus[g]!;
      const binds = side === AT_LOWER ? group.lowerBinds : side === AT_UPPER ? group.upperBinds : false;
      this.groupStatus[g] = binds ? side : INACTIVE;
    });
  }

  /**
   * Sets c(s) so that the start vertex is optimal at s = 0 with every active multiplier of size
   * `scale` and the right sign, and c(1) = 0: running s from 0 to 1 then ends at the minimum-variance
   * portfolio.
   */
  homotopyToMinimumVariance(start: Float64Array, scale: number): void {
    const { n, covariance, base, slope } = this;
    for (let i = 0; i < n; i += 1) {
      let product = 0;
      for (let j = 0, row = i * n; j < n; j += 1) product += covariance[row + j]! * start[j]!;
      // z_i = Σw + c + Aᵀν: +scale at a lower bound, −scale at an upper bound, 0 when free.
      const wanted = this.status[i] === FREE || this.fixed[i] ? 0 : this.status[i] === AT_LOWER ? scale : -scale;
      base[i] = wanted - product;
    }
    this.groups.forEach((group, g) => {
      const side = this.groupStatus[g]!;
      if (side === INACTIVE || group.equality) return;
      // ν ≥ 0 at an upper bound (a·w ≤ hi), ν ≤ 0 at a lower bound.
      const nu = side === AT_UPPER ? scale : -scale;
      for (const member of group.members) base[member]! -= nu;
    });
    for (let i = 0; i < n; i += 1) slope[i] = -base[i]!;
    this.inverse.refresh(this.baseSolution);
    this.inverse.refresh(this.slopeSolution);
  }

  /** c(λ) = −λ·μ: the efficient frontier parametrised by risk tolerance. */
  riskTolerance(expected: Float64Array): void {
    this.base.fill(0);
    for (let i = 0; i < this.n; i += 1) this.slope[i] = -expected[i]!;
    this.inverse.refresh(this.baseSolution);
    this.inverse.refresh(this.slopeSolution);
  }

  /**
   * Follows the path from s = from to s = to (which may be infinite), calling `onTurn(s)` at every
   * turning point while the segment that ends there is still the current one. Leaves the last
   * segment current.
   */
  follow(from: number, to: number, onTurn?: (s: number) => void): void {
    const maxTurns = 50 * (this.n + this.groups.length) + 1000;
    let s = from;
    for (let turn = 0; turn <= maxTurns; turn += 1) {
      this.segment.solve(this);
      const event = this.segment.nextEvent(this, s);
      if (event === null || event.at >= to) return;
      s = event.at;
      onTurn?.(s);
      this.apply(event.kind, event.index);
    }
    throw new Error(`the critical line algorithm did not finish within ${maxTurns} turning points (degenerate problem?)`);
  }

  /** The weights at s on the current segment, clamped into their bounds against rounding. */
  weightsAt(s: number, out: Float64Array): Float64Array {
    const { w0, w1 } = this.segment;
    for (let i = 0; i < this.n; i += 1) out[i] = Math.min(Math.max(w0[i]! + s * w1[i]!, this.lower[i]!), this.upper[i]!);
    return out;
  }

  /** Σ·w(s) on the current segment, from the optimality conditions: Σw = z − c − Aᵀν (z = 0 for free assets). */
  productAt(s: number, out: Float64Array): Float64Array {
    const { n, base, slope, rowSources } = this;
    const { z0, z1, nu0, nu1, activeRows, rowCount } = this.segment;
    for (let i = 0; i < n; i += 1) out[i] = z0[i]! + s * z1[i]! - base[i]! - s * slope[i]!;
    for (let r = 0; r < rowCount; r += 1) {
      const row = rowSources[activeRows[r]!]!;
      const nu = nu0[r]! + s * nu1[r]!;
      for (let i = 0; i < n; i += 1) out[i]! -= nu * row[i]!;
    }
    return out;
  }

  // ---- state changes ----------------------------------------------------------------------------

  private boundValue(asset: number): number {
    return this.status[asset] === AT_UPPER ? this.upper[asset]! : this.lower[asset]!;
  }

  private enter(asset: number): void {
    const value = this.status[asset] === FREE ? 0 : this.boundValue(asset); // a start asset was never held
    if (!this.inverse.enter(asset, value))
      throw new RangeError('the covariance matrix is not positive definite (singular on the assets held)');
    this.status[asset] = FREE;
  }

  private apply(kind: EventKind, index: number): void {
    switch (kind) {
      case EventKind.FreeToLower:
      case EventKind.FreeToUpper:
        this.status[index] = kind === EventKind.FreeToUpper ? AT_UPPER : AT_LOWER;
        this.inverse.leave(index, this.boundValue(index));
        return;
      case EventKind.ReleaseAsset:
        return this.enter(index);
      case EventKind.GroupToLower:
        this.groupStatus[index] = AT_LOWER;
        return;
      case EventKind.GroupToUpper:
        this.groupStatus[index] = AT_UPPER;
        return;
      case EventKind.ReleaseGroup:
        this.groupStatus[index] = INACTIVE;
    }
  }
}
