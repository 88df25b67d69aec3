/**
 * Checking a mean-variance problem and putting it in the form the solver works on: every bound
 * filled in, groups as index arrays, and each group side that the asset bounds already imply
 * (a group cap above the sum of its members' caps, say) marked as never binding, so the path never
 * makes a redundant constraint active.
 */

export type AssetGroup = { members: readonly number[]; lower: number; upper: number };

export type MeanVarianceProblem = {
  expected: Float64Array;
  covariance: Float64Array;
  lower?: Float64Array;
  upper?: Float64Array;
  groups?: readonly AssetGroup[];
};

/** Bounds that no portfolio fully invested (weights summing to 1) can satisfy. */
export class InfeasibleProblemError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InfeasibleProblemError';
  }
}

type PreparedGroup = {
  members: Int32Array;
  /** Bounds clipped to what the members' own bounds allow (finite, lower ≤ upper). */
  lower: number;
  upper: number;
  /** Whether each side is a constraint of its own rather than implied by the asset bounds. */
  lowerBinds: boolean;
  upperBinds: boolean;
  /** lower = upper: always active, its multiplier free in sign. */
  equality: boolean;
  /** 1 for members, per asset. */
  mask: Uint8Array;
};

export type PreparedProblem = {
  n: number;
  expected: Float64Array;
  covariance: Float64Array;
  lower: Float64Array;
  upper: Float64Array;
  groups: PreparedGroup[];
};

const sumTolerance = 1e-12;

export function prepareProblem(problem: MeanVarianceProblem): PreparedProblem {
  const { expected, covariance } = problem;
  const n = expected.length;
  if (n < 1) throw new RangeError('a mean-variance problem needs at least one asset');
  if (covariance.length !== n * n) throw new RangeError(`the covariance of ${n} assets needs ${n * n} entries, got ${covariance.length}`);
  for (let i = 0; i < n; i += 1) if (!Number.isFinite(expected[i]!)) throw new RangeError(`expected return of asset ${i} is not finite`);
  let largest = 0;
  for (let index = 0; index < n * n; index += 1) {
    if (!Number.isFinite(covariance[index]!))
      throw new RangeError(`covariance entry (${Math.floor(index / n)}, ${index % n}) is not finite`);
    largest = Math.max(largest, Math.abs(covariance[index]!));
  }
  for (let i = 0; i < n; i += 1) {
    if (!(covariance[i * n + i]! > 0))
      throw new RangeError(`covariance: the variance of asset ${i} is ${covariance[i * n + i]}, it must be positive`);
    for (let j = 0; j < i; j += 1) {
      if (Math.abs(covariance[i * n + j]! - covariance[j * n + i]!) > 1e-12 * largest)
        throw new RangeError(`covariance is not symmetric at (${i}, ${j})`);
    }
  }

  const lower = problem.lower ? Float64Array.from(problem.lower) : new Float64Array(n);
  const upper = problem.upper ? Float64Array.from(problem.upper) : new Float64Array(n).fill(1);
  if (lower.length !== n || upper.length !== n)
    throw new RangeError(`weight bounds need ${n} entries, got lower ${lower.length}, upper ${upper.length}`);
  let lowerSum = 0;
  let upperSum = 0;
  for (let i = 0; i < n; i += 1) {
    if (!Number.isFinite(lower[i]!) || !Number.isFinite(upper[i]!)) throw new RangeError(`asset ${i}: weight bounds must be finite`);
    if (lower[i]! < 0) throw new RangeError(`asset ${i}: minimum weight ${lower[i]} is negative; portfolios are long-only`);
    if (lower[i]! > upper[i]!)
      throw new InfeasibleProblemError(`asset ${i}: minimum weight ${lower[i]} is above its maximum weight ${upper[i]}`);
    upper[i] = Math.min(upper[i]!, 1); // a weight above 1 is impossible anyway
    lowerSum += lower[i]!;
    upperSum += upper[i]!;
  }
  if (lowerSum > 1 + sumTolerance) throw new InfeasibleProblemError(`the minimum weights sum to ${lowerSum}, above 1`);
  if (upperSum < 1 - sumTolerance) throw new InfeasibleProblemError(`the maximum weights sum to ${upperSum}, below 1`);

  const groups = (problem.groups ?? []).map((group, g): PreparedGroup => {
    if (group.members.length === 0) throw new RangeError(`group ${g} has no members`);
    const mask = new Uint8Array(n);
    let memberLower = 0;
    let memberUpper = 0;
    for (const member of group.members) {
      if (!Number.isInteger(member) || member < 0 || member >= n)
        throw new RangeError(`group ${g}: member ${member} is not an asset index in [0, ${n})`);
      if (mask[member]) throw new RangeError(`group ${g}: asset ${member} is listed twice`);
      mask[member] = 1;
      memberLower += lower[member]!;
      memberUpper += upper[member]!;
    }
    if (!Number.isFinite(group.lower) || !Number.isFinite(group.upper)) throw new RangeError(`group ${g}: bounds must be finite`);
    if (group.lower > group.upper)
      throw new InfeasibleProblemError(`group ${g}: minimum ${group.lower} is above its maximum ${group.upper}`);
    if (group.lower > memberUpper + sumTolerance) {
      throw new InfeasibleProblemError(
        `group ${g}: minimum ${group.lower} is above the sum of its members' maximum weights, ${memberUpper}`,
      );
    }
    if (group.upper < memberLower - sumTolerance) {
      throw new InfeasibleProblemError(
        `group ${g}: maximum ${group.upper} is below the sum of its members' minimum weights, ${memberLower}`,
      );
    }
    const lowerBinds = group.lower > memberLower;
    const upperBinds = group.upper < Math.min(memberUpper, 1);
    const clippedLower = Math.min(Math.max(group.lower, memberLower), memberUpper);
    const clippedUpper = Math.max(Math.min(group.upper, memberUpper), clippedLower);
    return {
      members: Int32Array.from(group.members),
      lower: clippedLower,
      upper: clippedUpper,
      lowerBinds,
      upperBinds,
      equality: lowerBinds && upperBinds && clippedLower === clippedUpper,
      mask,
    };
  });

  return { n, expected, covariance, lower, upper, groups };
}
