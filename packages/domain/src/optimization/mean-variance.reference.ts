/**
 * Slow, independent references for mean-variance.test.ts (not used by the solver): an exhaustive
 * enumeration of active sets for tiny problems, and a check of the optimality (KKT) conditions.
 */
import type { MeanVarianceProblem } from './mean-variance.ts';

type Row = { coefficients: number[]; target: number };

/** Gaussian elimination with partial pivoting; null when singular. */
function solveDense(matrix: number[][], right: number[]): number[] | null {
  const size = right.length;
  const rows = matrix.map((row, i) => [...row, right[i]!]);
  for (let column = 0; column < size; column += 1) {
    let pivot = column;
    for (let r = column + 1; r < size; r += 1) if (Math.abs(rows[r]![column]!) > Math.abs(rows[pivot]![column]!)) pivot = r;
    if (Math.abs(rows[pivot]![column]!) < 1e-12) return null;
    [rows[column], rows[pivot]] = [rows[pivot]!, rows[column]!];
    for (let r = 0; r < size; r += 1) {
      if (r === column) continue;
      const factor = rows[r]![column]! / rows[column]![column]!;
      for (let c = column; c <= size; c += 1) rows[r]![c]! -= factor * rows[column]![c]!;
    }
  }
  return rows.map((row, i) => row[size]! / row[i]!);
}

/**
 * The minimum-variance portfolio (with expected return exactly `targetReturn` when given): for every
 * assignment of each asset to {free, at its floor, at its cap} and each group to {inactive, at its
 * floor, at its cap}, the equality-constrained minimum (one linear solve); the best feasible one is
 * the optimum, since the optimum is the equality-constrained minimum of its own active set.
 * 3^(assets + groups) solves: for 4–6 assets only. Null when nothing is feasible.
 */
export function exhaustiveMinimumVariance(problem: MeanVarianceProblem, targetReturn?: number): number[] | null {
  const n = problem.expected.length;
  const lower = problem.lower ?? new Float64Array(n);
  const upper = problem.upper ?? new Float64Array(n).fill(1);
  const groups = problem.groups ?? [];
  const tolerance = 1e-10;
  let best: number[] | null = null;
  let bestVariance = Number.POSITIVE_INFINITY;
  for (let code = 0; code < 3 ** (n + groups.length); code += 1) {
    const state = Array.from({ length: n + groups.length }, (_, i) => Math.floor(code / 3 ** i) % 3);
    const rows: Row[] = [{ coefficients: new Array<number>(n).fill(1), target: 1 }];
    for (let i = 0; i < n; i += 1) {
      if (state[i] === 0) continue;
      const coefficients = new Array<number>(n).fill(0);
      coefficients[i] = 1;
      rows.push({ coefficients, target: state[i] === 1 ? lower[i]! : upper[i]! });
    }
    groups.forEach((group, g) => {
      const side = state[n + g]!;
      if (side === 0) return;
      const coefficients = new Array<number>(n).fill(0);
      for (const member of group.members) coefficients[member] = 1;
      rows.push({ coefficients, target: side === 1 ? group.lower : group.upper });
    });
    if (targetReturn !== undefined) rows.push({ coefficients: Array.from(problem.expected), target: targetReturn });
    if (rows.length > n) continue; // more active rows than weights: the same point is reached by an independent subset
    // KKT system [[Σ, Aᵀ], [A, 0]]·[w, ν] = [0, b].
    const size = n + rows.length;
    const matrix = Array.from({ length: size }, (_, r) =>
      Array.from({ length: size }, (_, c) => {
        if (r < n && c < n) return problem.covariance[r * n + c]!;
        if (r < n) return rows[c - n]!.coefficients[r]!;
        if (c < n) return rows[r - n]!.coefficients[c]!;
        return 0;
      }),
    );
    const solution = solveDense(matrix, [...new Array<number>(n).fill(0), ...rows.map((row) => row.target)]);
    if (!solution) continue;
    const weights = solution.slice(0, n);
    if (weights.some((weight, i) => weight < lower[i]! - tolerance || weight > upper[i]! + tolerance)) continue;
    const groupOutside = groups.some((group) => {
      const sum = group.members.reduce((total, i) => total + weights[i]!, 0);
      return sum < group.lower - tolerance || sum > group.upper + tolerance;
    });
    if (groupOutside) continue;
    let variance = 0;
    for (let i = 0; i < n; i += 1) for (let j = 0; j < n; j += 1) variance += weights[i]! * problem.covariance[i * n + j]! * weights[j]!;
    if (variance < bestVariance - 1e-15) {
      bestVariance = variance;
      best = weights;
    }
  }
  return best;
}

/**
 * Non-negative least squares (Lawson–Hanson): x ≥ 0 minimising ‖A·x − b‖, A given by columns. Works on
 * the Gram matrix AᵀA and Aᵀb, computed once.
 */
function nonNegativeLeastSquares(columns: number[][], b: number[]): number[] {
  const count = columns.length;
  const dot = (u: number[], v: number[]) => u.reduce((sum, value, row) => sum + value * v[row]!, 0);
  const gram = columns.map((u) => columns.map((v) => dot(u, v)));
  const projected = columns.map((u) => dot(u, b));
  const x = new Array<number>(count).fill(0);
  const passive = new Array<boolean>(count).fill(false);
  const solvePassive = () => {
    const chosen = columns.flatMap((_, j) => (passive[j] ? [j] : []));
    const solution =
      solveDense(
        chosen.map((i) => chosen.map((j) => gram[i]![j]!)),
        chosen.map((i) => projected[i]!),
      ) ?? chosen.map(() => 0);
    const full = new Array<number>(count).fill(0);
    chosen.forEach((j, index) => (full[j] = solution[index]!));
    return full;
  };
  for (let iteration = 0; iteration < 3 * count + 10; iteration += 1) {
    // Gradient of −½‖Ax − b‖²: Aᵀb − AᵀA·x.
    let best = -1;
    let bestGradient = 1e-13;
    for (let j = 0; j < count; j += 1) {
      if (passive[j]) continue;
      const gradient = projected[j]! - gram[j]!.reduce((sum, value, i) => sum + value * x[i]!, 0);
      if (gradient > bestGradient) [best, bestGradient] = [j, gradient];
    }
    if (best < 0) break;
    passive[best] = true;
    for (let inner = 0; inner <= count; inner += 1) {
      const candidate = solvePassive();
      if (candidate.every((value, j) => !passive[j] || value > 0)) {
        candidate.forEach((value, j) => (x[j] = value));
        break;
      }
      let step = 1;
      candidate.forEach((value, j) => {
        if (passive[j] && value <= 0) step = Math.min(step, x[j]! > value ? x[j]! / (x[j]! - value) : 0);
      });
      for (let j = 0; j < count; j += 1) {
        x[j] = x[j]! + step * (candidate[j]! - x[j]!);
        if (passive[j] && x[j]! <= 1e-15) [passive[j], x[j]] = [false, 0];
      }
    }
  }
  return x;
}

/**
 * How far `weights` are from optimal for minimise ½·wᵀΣw − λ·μᵀw under the problem's constraints
 * (0 when optimal): the largest of the primal infeasibility and the stationarity residual
 * Σw − λμ + ν·1 + Σ_g ν_g·a_g − z = 0, with the multipliers of the active constraints (ν free, ν_g ≥ 0 at
 * a group cap and ≤ 0 at a group floor, z ≥ 0 at a floor and ≤ 0 at a cap) fitted by non-negative least
 * squares, so that degenerate vertices, where several sets of multipliers work, are judged fairly.
 */
export function kktViolation(problem: MeanVarianceProblem, weights: Float64Array, riskTolerance: number): number {
  const n = problem.expected.length;
  const lower = problem.lower ?? new Float64Array(n);
  const upper = problem.upper ?? new Float64Array(n).fill(1);
  const groups = problem.groups ?? [];
  const near = 1e-9;
  let violation = Math.abs(weights.reduce((sum, weight) => sum + weight, 0) - 1);
  const gradient = Array.from({ length: n }, (_, i) => {
    let value = -riskTolerance * problem.expected[i]!;
    for (let j = 0; j < n; j += 1) value += problem.covariance[i * n + j]! * weights[j]!;
    return value;
  });
  // Columns of the stationarity equations, one per sign-constrained multiplier (a free one twice, ±).
  const columns: number[][] = [new Array<number>(n).fill(1), new Array<number>(n).fill(-1)];
  for (const group of groups) {
    const mask = new Array<number>(n).fill(0);
    for (const member of group.members) mask[member] = 1;
    const sum = group.members.reduce((total, i) => total + weights[i]!, 0);
    violation = Math.max(violation, group.lower - sum, sum - group.upper);
    if (sum >= group.upper - near) columns.push(mask);
    if (sum <= group.lower + near) columns.push(mask.map((value) => -value));
  }
  for (let i = 0; i < n; i += 1) {
    violation = Math.max(violation, lower[i]! - weights[i]!, weights[i]! - upper[i]!);
    const unit = new Array<number>(n).fill(0);
    unit[i] = 1;
    if (weights[i]! <= lower[i]! + near) columns.push(unit.map((value) => -value));
    if (weights[i]! >= upper[i]! - near) columns.push(unit);
  }
  const target = gradient.map((value) => -value);
  const x = nonNegativeLeastSquares(columns, target);
  for (let row = 0; row < n; row += 1) {
    const fitted = columns.reduce((sum, column, j) => sum + column[row]! * x[j]!, 0);
    violation = Math.max(violation, Math.abs(fitted - target[row]!));
  }
  return violation;
}
