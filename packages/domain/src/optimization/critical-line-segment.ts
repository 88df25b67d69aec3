import { ActiveRowSpan, solveSmallSymmetric } from './active-rows.ts';
import type { ActiveSetPath } from './critical-line.ts';

/**
 * One segment of the critical line (critical-line.ts): while the active set holds, the weights and
 * every multiplier are affine in s. `solve` finds them for the current active set; `nextEvent` finds
 * where the segment ends, the first s at which a free weight or an inactive group reaches a bound or
 * the multiplier of an active bound changes sign.
 */

// Asset status: FREE, or held at its lower (AT_LOWER) or upper (AT_UPPER) bound.
export const FREE = 0;
export const AT_LOWER = 1;
export const AT_UPPER = 2;
// Group status: INACTIVE, or held at its lower (AT_LOWER) or upper (AT_UPPER) bound.
export const INACTIVE = 0;

export const enum EventKind {
  FreeToLower,
  FreeToUpper,
  ReleaseAsset,
  GroupToLower,
  GroupToUpper,
  ReleaseGroup,
}

/** Where a segment ends: at s = `at`, the asset or group `index` changes as `kind` says. */
export type TurningPoint = { at: number; kind: EventKind; index: number };

/** A sum smaller than this fraction of the magnitudes of its terms is rounding, not a value: zero. */
const cancellationTolerance = 1e-11;
const cancelled = (sum: number, magnitudes: number) => (Math.abs(sum) <= cancellationTolerance * magnitudes ? 0 : sum);

export class Segment {
  // w(s) = w0 + s·w1; bound multipliers z(s) = z0 + s·z1 (0 for free assets);
  // row multipliers ν(s) = ν0 + s·ν1 for the active rows listed in activeRows.
  readonly w0: Float64Array;
  readonly w1: Float64Array;
  readonly z0: Float64Array;
  readonly z1: Float64Array;
  readonly nu0: Float64Array;
  readonly nu1: Float64Array;
  readonly activeRows: Int32Array;
  rowCount = 0;

  // Work space.
  private readonly rowTarget: Float64Array;
  private readonly schur: Float64Array;
  private readonly freeW0: Float64Array;
  private readonly freeW1: Float64Array;
  /** Sum of the magnitudes of the terms of each slope, to tell a zero slope from rounding. */
  private readonly slopeScale: Float64Array;
  private readonly span: ActiveRowSpan;

  constructor(n: number, rowsMax: number) {
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
  }

  /** Solves the equality-constrained problem of the current active set for w0, w1 and the multipliers. */
  solve(path: ActiveSetPath): void {
    const { n, lower, upper, status, rowSources, rowSolutions } = path;
    const { activeRows, rowTarget } = this;
    const { free, boundSolution, boundProduct, freeColumns } = path.inverse;
    const k = path.inverse.size;

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
    path.groups.forEach((group, g) => {
      const side = path.groupStatus[g]!;
      if (side !== INACTIVE) addRow(1 + g, side === AT_UPPER ? group.upper : group.lower);
    });
    this.rowCount = rowCount;

    // Unconstrained parts: M·(−c_F − Σ_FB·x_B) and M·(−slope_F); Schur complement S = A·M·Aᵀ.
    const { baseSolution, slopeSolution } = path;
    const { schur, nu0, nu1, freeW0, freeW1 } = this;
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

    const { w0, w1, z0, z1 } = this;
    const { base, slope } = path;
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
  nextEvent(path: ActiveSetPath, s: number): TurningPoint | null {
    const { w0, w1, z0, z1, nu0, nu1 } = this;
    const { n, lower, upper, status, fixed } = path;
    const { pinned } = this.span;
    const { free } = path.inverse;
    const k = path.inverse.size;
    let best: TurningPoint | null = null;
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
      if (path.groups[g]!.equality) continue;
      const rate = nu1[r]!;
      const wrongWay = path.groupStatus[g] === AT_UPPER ? rate < 0 : rate > 0;
      if (wrongWay) consider(-nu0[r]! / rate, EventKind.ReleaseGroup, g);
    }

    path.groups.forEach((group, g) => {
      if (path.groupStatus[g] !== INACTIVE || !this.span.leaves(group.mask, free)) return;
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
