/**
 * The part of portfolio-allocation (CommonJS, untyped; a devDependency used only as the reference in
 * mean-variance.test.ts and bench/optimize.ts) that those files call.
 */
declare module 'portfolio-allocation' {
  type Matrix = number[][];
  type Constraints = { minWeights?: number[]; maxWeights?: number[]; return?: number; volatility?: number; maxVolatility?: number };
  type Options = {
    optimizationMethod?: 'critical-line' | 'gsmo' | 'automatic';
    constraints?: Constraints;
    optimizationMethodParams?: { maxIterCriticalLine?: number };
  };
  const PortfolioAllocation: {
    /** [weights, return, volatility] for each portfolio, lowest return first. */
    meanVarianceEfficientFrontierPortfolios(
      mu: number[],
      sigma: Matrix,
      options?: Options & { nbPortfolios?: number; discretizationType?: 'return' | 'volatility' | 'riskTolerance' },
    ): [number[], number, number][];
    globalMinimumVarianceWeights(sigma: Matrix, options?: Options & { mu?: number[] }): number[];
    maximumSharpeRatioWeights(mu: number[], sigma: Matrix, riskFreeRate: number, options?: Options): number[];
    meanVarianceOptimizationWeights(mu: number[], sigma: Matrix, options: Options): number[];
  };
  export default PortfolioAllocation;
}
