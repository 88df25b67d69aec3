/**
 * Return and covariance estimates for the optimiser, on flat Float64Arrays (a 500-asset, 5-year
 * return matrix is 630,000 numbers: nested arrays would cost more in allocation than the maths).
 */

/** Simple daily returns, row-major days × assets. */
export type ReturnMatrix = { assets: number; days: number; values: Float64Array };

export const tradingDaysPerYear = 252;

/** closes[asset][day], aligned on the same days (same length for every asset, ≥ 2). */
export function dailyReturnMatrix(closes: readonly ArrayLike<number>[]): ReturnMatrix {
  const assets = closes.length;
  if (assets === 0) throw new RangeError('dailyReturnMatrix needs at least one asset');
  const length = closes[0]!.length;
  if (length < 2) throw new RangeError(`dailyReturnMatrix needs at least 2 closes per asset, got ${length}`);
  const days = length - 1;
  const values = new Float64Array(days * assets);
  for (let asset = 0; asset < assets; asset += 1) {
    const series = closes[asset]!;
    if (series.length !== length) {
      throw new RangeError(
        `asset ${asset} has ${series.length} closes, asset 0 has ${length}: the series must be aligned on the same days`,
      );
    }
    for (let day = 0; day < length; day += 1) {
      const close = series[day]!;
      if (!(close > 0) || !Number.isFinite(close))
        throw new RangeError(`asset ${asset}, day ${day}: close ${close} is not a positive finite price`);
    }
    for (let day = 0; day < days; day += 1) values[day * assets + asset] = series[day + 1]! / series[day]! - 1;
  }
  return { assets, days, values };
}

function checkReturns(returns: ReturnMatrix): void {
  const { assets, days, values } = returns;
  if (!Number.isInteger(assets) || assets < 1 || !Number.isInteger(days) || days < 1) {
    throw new RangeError(`a return matrix needs at least one asset and one day, got ${assets} assets × ${days} days`);
  }
  if (values.length !== assets * days)
    throw new RangeError(`a ${days} × ${assets} return matrix needs ${assets * days} values, got ${values.length}`);
  for (let index = 0; index < values.length; index += 1) {
    if (!Number.isFinite(values[index]!))
      throw new RangeError(`return at day ${Math.floor(index / assets)}, asset ${index % assets} is not finite`);
  }
}

/** Daily mean return per asset. */
export function meanReturns(returns: ReturnMatrix): Float64Array {
  checkReturns(returns);
  const { assets, days, values } = returns;
  const means = new Float64Array(assets);
  for (let day = 0; day < days; day += 1) {
    const row = day * assets;
    for (let asset = 0; asset < assets; asset += 1) means[asset]! += values[row + asset]!;
  }
  for (let asset = 0; asset < assets; asset += 1) means[asset]! /= days;
  return means;
}

/** The returns minus each asset's mean, same layout. */
function centred(returns: ReturnMatrix): Float64Array {
  const { assets, days, values } = returns;
  const means = meanReturns(returns);
  const out = new Float64Array(values.length);
  for (let day = 0; day < days; day += 1) {
    const row = day * assets;
    for (let asset = 0; asset < assets; asset += 1) out[row + asset] = values[row + asset]! - means[asset]!;
  }
  return out;
}

/** XᵀX / days for a centred matrix; fills the lower triangle one day (row) at a time, then mirrors it. */
function crossProduct(x: Float64Array, assets: number, days: number): Float64Array {
  const out = new Float64Array(assets * assets);
  for (let day = 0; day < days; day += 1) {
    const row = day * assets;
    for (let i = 0; i < assets; i += 1) {
      const xi = x[row + i]!;
      if (xi === 0) continue;
      const target = i * assets;
      for (let j = 0; j <= i; j += 1) out[target + j]! += xi * x[row + j]!;
    }
  }
  for (let i = 0; i < assets; i += 1) {
    for (let j = 0; j <= i; j += 1) {
      const value = out[i * assets + j]! / days;
      out[i * assets + j] = value;
      out[j * assets + i] = value;
    }
  }
  return out;
}

/** assets × assets, row-major: the maximum-likelihood covariance (divides by the number of days, as Ledoit–Wolf does). */
export function sampleCovariance(returns: ReturnMatrix): Float64Array {
  checkReturns(returns);
  return crossProduct(centred(returns), returns.assets, returns.days);
}

/**
 * Ledoit–Wolf (2004) shrinkage towards μ·I (μ = average variance), as scikit-learn's `ledoit_wolf`
 * with assume_centered=False. With X the centred returns (T days × p assets) and S = XᵀX / T:
 *   δ² = ‖S − μI‖²_F / p
 *   β² = (Σ_t ‖x_t‖⁴ / T − ‖S‖²_F) / (p·T)      (the mean squared distance of x_t x_tᵀ from S, over T)
 *   shrinkage = min(β², δ²) / δ², covariance = (1 − shrinkage)·S + shrinkage·μ·I.
 * scikit-learn sums the entries of X²ᵀX² for Σ_t ‖x_t‖⁴; that sum is the same number at O(p·T).
 */
export function ledoitWolf(returns: ReturnMatrix): { covariance: Float64Array; shrinkage: number } {
  checkReturns(returns);
  const { assets, days } = returns;
  const x = centred(returns);
  const sample = crossProduct(x, assets, days);
  // A single asset has nothing to shrink towards (scikit-learn returns its variance and 0).
  if (assets === 1) return { covariance: sample, shrinkage: 0 };

  let trace = 0;
  for (let i = 0; i < assets; i += 1) trace += sample[i * assets + i]!;
  const mu = trace / assets;
  let squaredNorm = 0;
  for (let index = 0; index < sample.length; index += 1) squaredNorm += sample[index]! * sample[index]!;
  let fourthMoments = 0;
  for (let day = 0; day < days; day += 1) {
    let squared = 0;
    for (let asset = 0, row = day * assets; asset < assets; asset += 1) squared += x[row + asset]! * x[row + asset]!;
    fourthMoments += squared * squared;
  }
  const delta = (squaredNorm - 2 * mu * trace + assets * mu * mu) / assets;
  const beta = Math.min((fourthMoments / days - squaredNorm) / (assets * days), delta);
  // δ² = 0 only when S is already μ·I: nothing to shrink.
  const shrinkage = beta <= 0 || delta <= 0 ? 0 : beta / delta;

  const covariance = new Float64Array(sample.length);
  for (let index = 0; index < sample.length; index += 1) covariance[index] = (1 - shrinkage) * sample[index]!;
  for (let i = 0; i < assets; i += 1) covariance[i * assets + i]! += shrinkage * mu;
  return { covariance, shrinkage };
}
