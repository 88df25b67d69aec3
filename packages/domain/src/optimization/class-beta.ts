import { dailyReturnMatrix } from './covariance.ts';

/**
 * A security's beta to its market class's fund (VTI for US stocks, AGG for core bonds …), from two
 * close series aligned on the same days, with Blume's adjustment: two thirds of the estimate and a
 * third of 1, since betas measured over a few years drift back towards 1. It maps the class's
 * assumption onto the security (see expectedReturnsOf): a utilities fund that moves half as much as
 * the market expects about half the market's premium, so the optimiser no longer takes low-volatility
 * sectors and single stocks for free return. A beta is far steadier to estimate than a mean return.
 */
export function classBeta(closes: ArrayLike<number>, reference: ArrayLike<number>): number {
  const { days, values } = dailyReturnMatrix([closes, reference]);
  let meanOwn = 0;
  let meanReference = 0;
  for (let day = 0; day < days; day += 1) {
    meanOwn += values[day * 2]!;
    meanReference += values[day * 2 + 1]!;
  }
  meanOwn /= days;
  meanReference /= days;
  let covariance = 0;
  let variance = 0;
  for (let day = 0; day < days; day += 1) {
    const reference = values[day * 2 + 1]! - meanReference;
    covariance += (values[day * 2]! - meanOwn) * reference;
    variance += reference * reference;
  }
  if (!(variance > 0)) return 1;
  return (2 / 3) * (covariance / variance) + 1 / 3;
}
