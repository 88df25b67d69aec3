/**
 * The inverse M = Σ_FF⁻¹ of the covariance restricted to the free assets F, and the solutions
 * M·y_F for a few fixed n-vectors y, all kept up to date as one asset at a time enters or leaves F.
 *
 * Entering (bordering): with b = Σ_Fj, v = M·b and d = Σ_jj − bᵀv,
 *   M' = [[M + v·vᵀ/d, −v/d], [−vᵀ/d, 1/d]],   and for x = M·y_F:  θ = (y_j − bᵀx)/d, x' = [x − θ·v, θ].
 * Leaving (at position p):
 *   M' = M₋ₚ₋ₚ − M₋ₚ,ₚ·Mₚ,₋ₚ / Mₚₚ,                and x' = x₋ₚ − (xₚ / Mₚₚ)·M₋ₚ,ₚ.
 * Each change is O(k²) for M and O(k) per tracked solution, where a fresh solve would be O(k³) (or
 * O(k²) per right-hand side with a factor kept up to date); the critical line algorithm needs
 * several right-hand sides per turning point, so keeping their solutions is what makes it cheap.
 *
 * It also keeps Σ·x_B over the bound assets (x_B their bound values) and its free part solved,
 * M·(Σ_FB·x_B), which moves with the bound set rather than with a fixed vector.
 */
export class FreeSetInverse {
  /** Free assets, in the order of M's rows. */
  readonly free: Int32Array;
  size = 0;
  /** Row-major k × k, row stride n. */
  private readonly inverse: Float64Array;
  private readonly tracked: { source: Float64Array; solution: Float64Array }[] = [];
  /** Σ·x_B over all n assets. */
  readonly boundProduct: Float64Array;
  /** M·(Σ_FB·x_B), in the order of `free`. */
  readonly boundSolution: Float64Array;
  /**
   * Σ's free columns packed in the order of `free`: entry (i, p) = Σ[i, free[p]] at i·n + p. Keeping
   * them packed (O(n) per change) lets Σ_BF·w_F run over contiguous memory instead of gathering.
   */
  readonly freeColumns: Float64Array;
  private readonly border: Float64Array;
  private readonly column: Float64Array;

  constructor(
    private readonly n: number,
    private readonly covariance: Float64Array,
  ) {
    this.free = new Int32Array(n);
    this.inverse = new Float64Array(n * n);
    this.freeColumns = new Float64Array(n * n);
    this.boundProduct = new Float64Array(n);
    this.boundSolution = new Float64Array(n);
    this.border = new Float64Array(n);
    this.column = new Float64Array(n);
  }

  /** Keeps M·source_F up to date from now on; returns the array that holds it (order of `free`). */
  track(source: Float64Array): Float64Array {
    const solution = new Float64Array(this.n);
    this.tracked.push({ source, solution });
    this.refresh(solution);
    return solution;
  }

  /** Recomputes a tracked solution from its source (after the caller changed the source). */
  refresh(solution: Float64Array): void {
    const entry = this.tracked.find((candidate) => candidate.solution === solution);
    if (!entry) throw new Error('refresh: not a tracked solution');
    const { n, inverse, free, size } = this;
    for (let p = 0; p < size; p += 1) {
      let value = 0;
      for (let q = 0, row = p * n; q < size; q += 1) value += inverse[row + q]! * entry.source[free[q]!]!;
      solution[p] = value;
    }
  }

  /** Adds asset j to the bound set's product at `value` (it is not free). */
  holdAt(asset: number, value: number): void {
    this.shiftBoundProduct(asset, value);
  }

  /** Asset j leaves the bound set, where it sat at `value`, and becomes free. False if Σ_FF would not be positive definite. */
  enter(asset: number, value: number): boolean {
    const { n, covariance, inverse, free, border, column, freeColumns } = this;
    const k = this.size;
    const row = asset * n;
    for (let p = 0; p < k; p += 1) border[p] = freeColumns[row + p]!;
    let pivot = covariance[row + asset]!;
    for (let p = 0; p < k; p += 1) {
      let value = 0;
      for (let q = 0, rowP = p * n; q < k; q += 1) value += inverse[rowP + q]! * border[q]!;
      column[p] = value;
      pivot -= border[p]! * value;
    }
    if (!(pivot > covariance[row + asset]! * 1e-12)) return false;

    const update = (source: ArrayLike<number>, solution: Float64Array) => {
      let theta = source[asset]!;
      for (let p = 0; p < k; p += 1) theta -= border[p]! * solution[p]!;
      theta /= pivot;
      for (let p = 0; p < k; p += 1) solution[p]! -= theta * column[p]!;
      solution[k] = theta;
    };
    for (const { source, solution } of this.tracked) update(source, solution);
    // The bound product still includes the entering asset here: M'·(Σ_F'B·x_B − value·Σ_F'j) = M'·(old product) − value·e_j.
    update(this.boundProduct, this.boundSolution);
    this.boundSolution[k]! -= value;
    this.shiftBoundProduct(asset, -value);

    for (let p = 0; p < k; p += 1) {
      const scaled = column[p]! / pivot;
      const rowP = p * n;
      for (let q = 0; q < k; q += 1) inverse[rowP + q]! += scaled * column[q]!;
      inverse[rowP + k] = -scaled;
      inverse[k * n + p] = -scaled;
    }
    inverse[k * n + k] = 1 / pivot;
    for (let i = 0; i < n; i += 1) freeColumns[i * n + k] = covariance[i * n + asset]!;
    free[k] = asset;
    this.size = k + 1;
    return true;
  }

  /** Free asset j leaves F and is held at `value` (one of its bounds). */
  leave(asset: number, value: number): void {
    const { n, inverse, free, column, freeColumns } = this;
    const k = this.size;
    const position = free.subarray(0, k).indexOf(asset);
    const diagonal = inverse[position * n + position]!;
    for (let q = 0; q < k; q += 1) column[q] = inverse[q * n + position]!;

    for (const { solution } of this.tracked) removeEntry(solution, column, position, k, solution[position]! / diagonal);
    removeEntry(this.boundSolution, column, position, k, (this.boundSolution[position]! + value) / diagonal);
    this.shiftBoundProduct(asset, value);

    for (let p = 0; p < k; p += 1) {
      const scaled = column[p]! / diagonal;
      const rowP = p * n;
      for (let q = 0; q < k; q += 1) inverse[rowP + q]! -= scaled * column[q]!;
    }
    // Move the last row and column into the freed position.
    const last = k - 1;
    if (position !== last) {
      for (let q = 0; q < last; q += 1) {
        inverse[position * n + q] = inverse[last * n + q]!;
        inverse[q * n + position] = inverse[q * n + last]!;
      }
      inverse[position * n + position] = inverse[last * n + last]!;
      for (let i = 0; i < n; i += 1) freeColumns[i * n + position] = freeColumns[i * n + last]!;
      free[position] = free[last]!;
    }
    this.size = last;
  }

  private shiftBoundProduct(asset: number, value: number): void {
    if (value === 0) return;
    const { n, covariance, boundProduct } = this;
    for (let j = 0, row = asset * n; j < n; j += 1) boundProduct[j]! += value * covariance[row + j]!;
  }
}

/** x' = x − factor·M₋ₚ,ₚ, then the last entry moves into position p. */
function removeEntry(solution: Float64Array, column: Float64Array, position: number, k: number, factor: number): void {
  for (let q = 0; q < k; q += 1) solution[q]! -= factor * column[q]!;
  solution[position] = solution[k - 1]!;
}
