/**
 * Helpers for the active constraint rows of the critical line algorithm (the budget and the groups
 * held at a bound), restricted to the free assets: which free weights they pin, whether a group's
 * sum can move at all, and the small Schur-complement solve for their multipliers.
 */

/** A weight whose direction is numerically a combination of the active rows cannot move: below this, it is pinned. */
const spanTolerance = 1e-9;

/** An orthonormal basis of the span of the active rows over the free assets. */
export class ActiveRowSpan {
  private readonly basis: Float64Array;
  private size = 0;
  private length = 0;
  /** Per free position: 1 when that weight lies in the span (it cannot move whatever the linear term does). */
  readonly pinned: Uint8Array;

  constructor(
    private readonly n: number,
    rowsMax: number,
  ) {
    this.basis = new Float64Array(rowsMax * n);
    this.pinned = new Uint8Array(n);
  }

  /** Rebuilds the basis from rows given as n-vectors, read at the free assets `free[0..k)`. */
  rebuild(rows: readonly Float64Array[], free: Int32Array, k: number): void {
    const { n, basis, pinned } = this;
    let size = 0;
    for (const row of rows) {
      const target = size * n;
      for (let p = 0; p < k; p += 1) basis[target + p] = row[free[p]!]!;
      if (orthogonalise(basis, target, size, k, n) > 1e-12) size += 1;
    }
    for (let p = 0; p < k; p += 1) {
      let inSpan = 0;
      for (let q = 0; q < size; q += 1) inSpan += basis[q * n + p]! ** 2;
      pinned[p] = 1 - inSpan < spanTolerance ? 1 : 0;
    }
    this.size = size;
    this.length = k;
  }

  /** Whether the 0/1 row `mask` (read at the same free assets) has a part outside the span: only then can its sum move. */
  leaves(mask: Uint8Array, free: Int32Array): boolean {
    const { n, basis } = this;
    let norm = 0;
    for (let p = 0; p < this.length; p += 1) norm += mask[free[p]!]!;
    if (norm === 0) return false;
    let inSpan = 0;
    for (let q = 0; q < this.size; q += 1) {
      let dot = 0;
      for (let p = 0; p < this.length; p += 1) if (mask[free[p]!]) dot += basis[q * n + p]!;
      inSpan += dot * dot;
    }
    return norm - inSpan > spanTolerance * norm;
  }
}

/** Gram–Schmidt (twice, for stability) of the row at `target` against the `count` rows above it; returns its norm before normalising. */
function orthogonalise(basis: Float64Array, target: number, count: number, length: number, stride: number): number {
  for (let pass = 0; pass < 2; pass += 1) {
    for (let q = 0; q < count; q += 1) {
      let dot = 0;
      for (let p = 0; p < length; p += 1) dot += basis[q * stride + p]! * basis[target + p]!;
      for (let p = 0; p < length; p += 1) basis[target + p]! -= dot * basis[q * stride + p]!;
    }
  }
  let norm = 0;
  for (let p = 0; p < length; p += 1) norm += basis[target + p]! ** 2;
  norm = Math.sqrt(norm);
  if (norm > 1e-12) for (let p = 0; p < length; p += 1) basis[target + p]! /= norm;
  return norm;
}

/** Solves S·x = b in place for two right-hand sides, S small and symmetric positive definite (Cholesky; S is overwritten). */
export function solveSmallSymmetric(matrix: Float64Array, size: number, first: Float64Array, second: Float64Array): void {
  for (let j = 0; j < size; j += 1) {
    let pivot = matrix[j * size + j]!;
    for (let p = 0; p < j; p += 1) pivot -= matrix[j * size + p]! ** 2;
    if (!(pivot > 1e-14 * Math.max(1, matrix[j * size + j]!)))
      throw new Error('the active constraints became linearly dependent (degenerate problem)');
    const diagonal = Math.sqrt(pivot);
    matrix[j * size + j] = diagonal;
    for (let i = j + 1; i < size; i += 1) {
      let value = matrix[i * size + j]!;
      for (let p = 0; p < j; p += 1) value -= matrix[i * size + p]! * matrix[j * size + p]!;
      matrix[i * size + j] = value / diagonal;
    }
  }
  for (const vector of [first, second]) {
    for (let i = 0; i < size; i += 1) {
      let value = vector[i]!;
      for (let p = 0; p < i; p += 1) value -= matrix[i * size + p]! * vector[p]!;
      vector[i] = value / matrix[i * size + i]!;
    }
    for (let i = size - 1; i >= 0; i -= 1) {
      let value = vector[i]!;
      for (let p = i + 1; p < size; p += 1) value -= matrix[p * size + i]! * vector[p]!;
      vector[i] = value / matrix[i * size + i]!;
    }
  }
}
