/**
 * A first feasible portfolio for the active-set path: phase 1 of a bounded-variable simplex on
 *   Σ w = 1,   Σ_{i∈g} w_i − s_g = 0 for every group g,   l ≤ w ≤ u,   lo_g ≤ s_g ≤ hi_g.
 * There are only 1 + (number of groups) rows, so a dense tableau is a few rows × n columns and each
 * pivot is O(rows · n). The answer is a vertex: its basic assets are the first free set of the path,
 * and the group rows whose slack left the basis are the first active group constraints (the basis
 * being invertible, those rows restricted to the free assets are independent, as the path requires).
 */

export type FeasibleStart = {
  weights: Float64Array;
  /** Per asset: 0 basic (free), 1 at its lower bound, 2 at its upper bound. */
  assetStatus: Int8Array;
  /** Per group: 0 slack basic (constraint not active), 1 at its lower bound, 2 at its upper bound. */
  groupStatus: Int8Array;
};

export type LinearConstraints = {
  n: number;
  lower: Float64Array;
  upper: Float64Array;
  groups: readonly { members: Int32Array; lower: number; upper: number }[];
};

const tolerance = 1e-10;

/**
 * Returns a feasible vertex, or null when none exists. `priority` orders the assets the simplex tries
 * first (Bland's rule over that order, so it cannot cycle): the caller puts the low-variance ones
 * first so the start is already near the minimum-variance portfolio.
 */
export function feasibleStart(constraints: LinearConstraints, priority: Int32Array): FeasibleStart | null {
  const { n, lower, upper, groups } = constraints;
  const groupCount = groups.length;
  const rows = 1 + groupCount;
  const variables = n + groupCount; // weights, then group slacks
  const columns = variables + rows; // then one artificial per row
  const low = new Float64Array(columns);
  const high = new Float64Array(columns);
  for (let i = 0; i < n; i += 1) {
    low[i] = lower[i]!;
    high[i] = upper[i]!;
  }
  groups.forEach((group, g) => {
    low[n + g] = group.lower;
    high[n + g] = group.upper;
  });
  for (let r = 0; r < rows; r += 1) {
    low[variables + r] = 0;
    high[variables + r] = Number.POSITIVE_INFINITY;
  }

  // Start with every variable at its lower bound; the artificials absorb the residuals.
  const value = new Float64Array(columns);
  for (let j = 0; j < variables; j += 1) value[j] = low[j]!;
  const tableau = new Float64Array(rows * columns);
  const residual = new Float64Array(rows);
  residual[0] = 1;
  for (let i = 0; i < n; i += 1) {
    tableau[i] = 1;
    residual[0]! -= value[i]!;
  }
  groups.forEach((group, g) => {
    const row = (1 + g) * columns;
    for (const member of group.members) {
      tableau[row + member] = 1;
      residual[1 + g]! -= value[member]!;
    }
    tableau[row + n + g] = -1;
    residual[1 + g]! += value[n + g]!;
  });
  const basis = new Int32Array(rows);
  for (let r = 0; r < rows; r += 1) {
    // Flip the row's sign so its artificial starts non-negative with a +1 coefficient.
    if (residual[r]! < 0) for (let j = 0; j < variables; j += 1) tableau[r * columns + j] = -tableau[r * columns + j]!;
    tableau[r * columns + variables + r] = 1;
    basis[r] = variables + r;
    value[variables + r] = Math.abs(residual[r]!);
  }
  const isBasic = new Uint8Array(columns);
  for (let r = 0; r < rows; r += 1) isBasic[variables + r] = 1;

  // Entering order: assets by priority, then slacks (Bland's rule needs a fixed order).
  const order = new Int32Array(variables);
  order.set(priority);
  for (let g = 0; g < groupCount; g += 1) order[n + g] = n + g;

  const pivot = (row: number, column: number) => {
    const base = row * columns;
    const scale = tableau[base + column]!;
    for (let j = 0; j < columns; j += 1) tableau[base + j]! /= scale;
    for (let r = 0; r < rows; r += 1) {
      if (r === row) continue;
      const factor = tableau[r * columns + column]!;
      if (factor === 0) continue;
      const target = r * columns;
      for (let j = 0; j < columns; j += 1) tableau[target + j]! -= factor * tableau[base + j]!;
    }
    isBasic[basis[row]!] = 0;
    basis[row] = column;
    isBasic[column] = 1;
  };

  // Phase 1: minimise the sum of the artificials still in the basis.
  const reducedCost = (column: number) => {
    let cost = column >= variables ? 1 : 0;
    for (let r = 0; r < rows; r += 1) if (basis[r]! >= variables) cost -= tableau[r * columns + column]!;
    return cost;
  };
  const maxIterations = 50 * columns + 1000;
  for (let iteration = 0; ; iteration += 1) {
    if (iteration > maxIterations) throw new Error('feasibleStart: the simplex did not converge');
    let entering = -1;
    let direction = 0;
    for (const column of order) {
      if (isBasic[column] || high[column]! - low[column]! <= 0) continue;
      const cost = reducedCost(column);
      const atLower = value[column] === low[column];
      if (atLower && cost < -tolerance) direction = 1;
      else if (!atLower && cost > tolerance) direction = -1;
      else continue;
      entering = column;
      break;
    }
    if (entering < 0) break;

    // Ratio test: the entering variable moves by t·direction, basic variable r by −t·direction·T[r, entering].
    let step = high[entering]! - low[entering]!;
    let leavingRow = -1;
    let leavingToUpper = false;
    for (let r = 0; r < rows; r += 1) {
      const rate = direction * tableau[r * columns + entering]!;
      const variable = basis[r]!;
      let limit: number;
      let toUpper: boolean;
      if (rate > tolerance) {
        limit = (value[variable]! - low[variable]!) / rate;
        toUpper = false;
      } else if (rate < -tolerance) {
        limit = (high[variable]! - value[variable]!) / -rate;
        toUpper = true;
      } else continue;
      limit = Math.max(limit, 0);
      if (limit < step || (limit === step && leavingRow >= 0 && variable < basis[leavingRow]!)) {
        step = limit;
        leavingRow = r;
        leavingToUpper = toUpper;
      }
    }
    for (let r = 0; r < rows; r += 1) value[basis[r]!]! -= step * direction * tableau[r * columns + entering]!;
    if (leavingRow < 0) {
      // Bound flip: the entering variable crosses its whole range and stays non-basic.
      value[entering] = direction > 0 ? high[entering]! : low[entering]!;
      continue;
    }
    const leaving = basis[leavingRow]!;
    value[leaving] = leavingToUpper ? high[leaving]! : low[leaving]!;
    value[entering]! += step * direction;
    pivot(leavingRow, entering);
  }

  let infeasibility = 0;
  for (let r = 0; r < rows; r += 1) if (basis[r]! >= variables) infeasibility += value[basis[r]!]!;
  if (infeasibility > 1e-9) return null;

  // Artificials left in the basis sit at zero: pivot them out. The rows are independent (every group
  // row has its own slack, the budget row has no slack), so a non-zero entry always exists.
  for (let r = 0; r < rows; r += 1) {
    if (basis[r]! < variables) continue;
    let best = -1;
    for (let j = 0; j < variables; j += 1) {
      if (
        !isBasic[j] &&
        Math.abs(tableau[r * columns + j]!) > 1e-9 &&
        (best < 0 || Math.abs(tableau[r * columns + j]!) > Math.abs(tableau[r * columns + best]!))
      )
        best = j;
    }
    if (best < 0) throw new Error('feasibleStart: a constraint row is redundant');
    value[basis[r]!] = 0;
    pivot(r, best);
  }

  const weights = new Float64Array(n);
  const assetStatus = new Int8Array(n);
  for (let i = 0; i < n; i += 1) {
    weights[i] = Math.min(Math.max(value[i]!, lower[i]!), upper[i]!);
    assetStatus[i] = isBasic[i] ? 0 : value[i] === upper[i] && upper[i]! > lower[i]! ? 2 : 1;
  }
  const groupStatus = new Int8Array(groupCount);
  for (let g = 0; g < groupCount; g += 1) {
    const slack = n + g;
    groupStatus[g] = isBasic[slack] ? 0 : value[slack] === high[slack] && high[slack]! > low[slack]! ? 2 : 1;
  }
  return { weights, assetStatus, groupStatus };
}
