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
import { ActiveRowSpan, solveSmallSymmetric } from './active-rows.ts';
import type { FeasibleStart } from './feasible-start.ts';
import { FreeSetInverse } from './free-set-inverse.ts';
import type { PreparedProblem } from './problem.ts';

const FREE = 0;
const AT_LOWER = 1;
const AT_UPPER = 2;
// Group status: INACTIVE, or held at its lower (AT_LOWER) or upper (AT_UPPER) bound.
const INACTIVE = 0;

const enum EventKind {
  FreeToLower,
  FreeToUpper,
  ReleaseAsset,
  GroupToLower,
  GroupToUpper,
  ReleaseGroup,
}

/** A sum smaller than this fraction of the magnitudes of its terms is rounding, not a value: zero. */
const cancellationTolerance = 1e-11;
const cancelled = (sum: number, magnitudes: number) => (Math.abs(sum) <= cancellationTolerance * magnitudes ? 0 : sum);

export class ActiveSetPath {
  readonly n: number;
  private readonly covariance: Float64Array;
  private readonly lower: Float64Array;
  private readonly upper: Float64Array;
  private readonly groups: PreparedProblem['groups'];

  private readonly status: Int8Array;
  private readonly fixed: Uint8Array;
  private readonly groupStatus: Int8Array;
  private readonly inverse: FreeSetInverse;

  /** The linear term c(s) = base + s·slope, and M·c_F for each part. */
  private readonly base: Float64Array;
  private readonly slope: Float64Array;
  private readonly baseSolution: Float64Array;
  private readonly slopeSolution: Float64Array;
  /** Constraint rows as n-vectors (0: the budget, 1 + g: group g), and M·row_F for each. */
  private readonly rowSources: Float64Array[];
  private readonly rowSolutions: Float64Array[];

  // The current segment: w(s) = w0 + s·w1; bound multipliers z(s) = z0 + s·z1 (0 for free assets);
  // row multipliers ν(s) = ν0 + s·ν1 for the active rows listed in activeRows.
  readonly w0: Float64Array;
  readonly w1: Float64Array;
  private readonly z0: Float64Array;
  private readonly z1: Float64Array;
  private readonly nu0: Float64Array;
  private readonly nu1: Float64Array;
  private readonly activeRows: Int32Array;
  private rowCount = 0;

  // Work space.
  private readonly rowTarget: Float64Array;
  private readonly schur: Float64Array;
  private readonly freeW0: Float64Array;
  private readonly freeW1: Float64Array;
  /** Sum of the magnitudes of the terms of each slope, to tell a zero slope from rounding. */
  private readonly slopeScale: Float64Array;
  private readonly span: ActiveRowSpan;

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
    this.w0 = new Float64Array(n);
    this.w1 = new Float64Array(n);
    this.z0 = new Float64Array(n);
    this.z1 = new Float64Array(n);
    this.nu0 = new Float64Array(rowsMax);
    this.nu1 = new Float64Array(rowsMax);
    this.activeRows = new Int32Array(rowsMax);
    this.rowTarget = new Float64Array(rowsMax);
    this.schur = new Float64Array(rowsMax * rowsMax);
    this.freeW0 = new Float64Array(n);
    this.freeW1 = new Float64Array(n);
    this.slopeScale = new Float64Array(n);
    this.span = new ActiveRowSpan(n, rowsMax);

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
      this.solveSegment();
      const event = this.nextEvent(s);
      if (event === null || event.at >= to) return;
      s = event.at;
      onTurn?.(s);
      this.apply(event.kind, event.index);
    }
    throw new Error(`the critical line algorithm did not finish within ${maxTurns} turning points (degenerate problem?)`);
  }

  /** The weights at s on the current segment, clamped into their bounds against rounding. */
  weightsAt(s: number, out: Float64Array): Float64Array {
    for (let i = 0; i < this.n; i += 1) out[i] = Math.min(Math.max(this.w0[i]! + s * this.w1[i]!, this.lower[i]!), this.upper[i]!);
    return out;
  }

  /** Σ·w(s) on the current segment, from the optimality conditions: Σw = z − c − Aᵀν (z = 0 for free assets). */
  productAt(s: number, out: Float64Array): Float64Array {
    const { n, z0, z1, base, slope, nu0, nu1, rowSources } = this;
    for (let i = 0; i < n; i += 1) out[i] = z0[i]! + s * z1[i]! - base[i]! - s * slope[i]!;
    for (let r = 0; r < this.rowCount; r += 1) {
      const row = rowSources[this.activeRows[r]!]!;
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

  // ---- one segment ------------------------------------------------------------------------------

  /** Solves the equality-constrained problem of the current active set for w0, w1 and the multipliers. */
  private solveSegment(): void {
    const { n, lower, upper, status, rowSources, rowSolutions, activeRows, rowTarget } = this;
    const { free, boundSolution, boundProduct, freeColumns } = this.inverse;
    const k = this.inverse.size;

    // Active rows and their right-hand sides net of the bound assets.
    let rowCount = 0;
    const addRow = (row: number, target: number) => {
      const source = rowSources[row]!;
      let held = 0;
      for (let i = 0; i < n; i += 1) if (status[i] !== FREE && source[i]) held += status[i] === AT_UPPER ? upper[i]! : lower[i]!;
      activeRows[rowCount] = row;
      rowTarget[rowCount] = target - held;
      rowCount += 1;
    };
    addRow(0, 1);
    this.groups.forEach((group, g) => {
      const side = this.groupStatus[g]!;
      if (side !== INACTIVE) addRow(1 + g, side === AT_UPPER ? group.upper : group.lower);
    });
    this.rowCount = rowCount;

    // Unconstrained parts: M·(−c_F − Σ_FB·x_B) and M·(−slope_F); Schur complement S = A·M·Aᵀ.
    const { baseSolution, slopeSolution, schur, nu0, nu1, freeW0, freeW1 } = this;
    for (let p = 0; p < k; p += 1) {
      freeW0[p] = -baseSolution[p]! - boundSolution[p]!;
      freeW1[p] = -slopeSolution[p]!;
    }
    for (let r = 0; r < rowCount; r += 1) {
      const source = rowSources[activeRows[r]!]!;
      let right0 = -rowTarget[r]!;
      let right1 = 0;
      let scale1 = 0;
      for (let p = 0; p < k; p += 1) {
        const a = source[free[p]!]!;
        right0 += a * freeW0[p]!;
        right1 += a * freeW1[p]!;
        scale1 += Math.abs(a * freeW1[p]!);
      }
      nu0[r] = right0;
      nu1[r] = cancelled(right1, scale1);
      for (let q = 0; q <= r; q += 1) {
        const solved = rowSolutions[activeRows[q]!]!;
        let entry = 0;
        for (let p = 0; p < k; p += 1) entry += source[free[p]!]! * solved[p]!;
        schur[r * rowCount + q] = entry;
        schur[q * rowCount + r] = entry;
      }
    }
    solveSmallSymmetric(schur, rowCount, nu0, nu1);
    const { slopeScale } = this;
    for (let p = 0; p < k; p += 1) slopeScale[p] = Math.abs(freeW1[p]!);
    for (let r = 0; r < rowCount; r += 1) {
      const solved = rowSolutions[activeRows[r]!]!;
      const a = nu0[r]!;
      const b = nu1[r]!;
      for (let p = 0; p < k; p += 1) {
        freeW0[p]! -= a * solved[p]!;
        freeW1[p]! -= b * solved[p]!;
        slopeScale[p]! += Math.abs(b * solved[p]!);
      }
    }
    // A slope that is all cancellation is a weight that does not move (μ_F in the span of the active rows, say).
    for (let p = 0; p < k; p += 1) freeW1[p] = cancelled(freeW1[p]!, slopeScale[p]!);

    const { w0, w1, z0, z1, base, slope } = this;
    for (let i = 0; i < n; i += 1) {
      w0[i] = status[i] === FREE ? 0 : status[i] === AT_UPPER ? upper[i]! : lower[i]!;
      w1[i] = 0;
    }
    for (let p = 0; p < k; p += 1) {
      w0[free[p]!] = freeW0[p]!;
      w1[free[p]!] = freeW1[p]!;
    }
    // Bound multipliers z = Σw + c + Aᵀν, with Σ_BF·w_F as the one O(|B|·k) product (the hot loop:
    // packed columns, two independent sums per dot product to keep the adder busy).
    for (let i = 0; i < n; i += 1) {
      if (status[i] === FREE) {
        z0[i] = 0;
        z1[i] = 0;
        continue;
      }
      const row = i * n;
      let even0 = 0;
      let even1 = 0;
      let odd0 = 0;
      let odd1 = 0;
      let p = 0;
      for (; p + 1 < k; p += 2) {
        const sigma = freeColumns[row + p]!;
        const next = freeColumns[row + p + 1]!;
        even0 += sigma * freeW0[p]!;
        even1 += sigma * freeW1[p]!;
        odd0 += next * freeW0[p + 1]!;
        odd1 += next * freeW1[p + 1]!;
      }
      if (p < k) {
        even0 += freeColumns[row + p]! * freeW0[p]!;
        even1 += freeColumns[row + p]! * freeW1[p]!;
      }
      const dot0 = even0 + odd0;
      const dot1 = even1 + odd1;
      z0[i] = dot0 + boundProduct[i]! + base[i]!;
      z1[i] = dot1 + slope[i]!;
      this.slopeScale[i] = Math.abs(dot1) + Math.abs(slope[i]!);
    }
    for (let r = 0; r < rowCount; r += 1) {
      const source = rowSources[activeRows[r]!]!;
      const a = nu0[r]!;
      const b = nu1[r]!;
      for (let i = 0; i < n; i += 1) {
        if (status[i] === FREE || !source[i]) continue;
        z0[i]! += a * source[i]!;
        z1[i]! += b * source[i]!;
        this.slopeScale[i]! += Math.abs(b * source[i]!);
      }
    }
    for (let i = 0; i < n; i += 1) if (status[i] !== FREE) z1[i] = cancelled(z1[i]!, this.slopeScale[i]!);
    // Free weights in the span of the active rows cannot move (one free asset under the budget alone,
    // say): a bound they sit on by construction is no event, nor is a group whose sum they fix.
    this.span.rebuild(
      Array.from(activeRows.subarray(0, rowCount), (row) => rowSources[row]!),
      free,
      k,
    );
  }

  /** The first turning point at or after s, or null when the active set holds for every larger s. */
  private nextEvent(s: number): { at: number; kind: EventKind; index: number } | null {
    const { n, w0, w1, z0, z1, nu0, nu1, lower, upper, status, fixed } = this;
    const { pinned } = this.span;
    const { free } = this.inverse;
    const k = this.inverse.size;
    let best: { at: number; kind: EventKind; index: number } | null = null;
    const consider = (at: number, kind: EventKind, index: number) => {
      const clamped = Math.max(at, s); // a crossing already passed by rounding happens now
      if (best === null || clamped < best.at) best = { at: clamped, kind, index };
    };

    for (let p = 0; p < k; p += 1) {
      if (pinned[p]) continue;
      const i = free[p]!;
      const rate = w1[i]!;
      if (rate < 0) consider((lower[i]! - w0[i]!) / rate, EventKind.FreeToLower, i);
      else if (rate > 0) consider((upper[i]! - w0[i]!) / rate, EventKind.FreeToUpper, i);
    }

    for (let i = 0; i < n; i += 1) {
      if (status[i] === FREE || fixed[i]) continue;
      const rate = z1[i]!;
      // A lower bound needs z ≥ 0, an upper bound z ≤ 0: the bound is released where z crosses 0.
      if (status[i] === AT_LOWER ? rate < 0 : rate > 0) consider(-z0[i]! / rate, EventKind.ReleaseAsset, i);
    }

    for (let r = 1; r < this.rowCount; r += 1) {
      const g = this.activeRows[r]! - 1;
      if (this.groups[g]!.equality) continue;
      const rate = nu1[r]!;
      const wrongWay = this.groupStatus[g] === AT_UPPER ? rate < 0 : rate > 0;
      if (wrongWay) consider(-nu0[r]! / rate, EventKind.ReleaseGroup, g);
    }

    this.groups.forEach((group, g) => {
      if (this.groupStatus[g] !== INACTIVE || !this.span.leaves(group.mask, free)) return;
      let value = 0;
      let rate = 0;
      let scale = 0;
      for (const member of group.members) {
        value += w0[member]!;
        rate += w1[member]!;
        scale += Math.abs(w1[member]!);
      }
      rate = cancelled(rate, scale);
      if (rate > 0 && group.upperBinds) consider((group.upper - value) / rate, EventKind.GroupToUpper, g);
      else if (rate < 0 && group.lowerBinds) consider((group.lower - value) / rate, EventKind.GroupToLower, g);
    });
    return best;
  }
}
