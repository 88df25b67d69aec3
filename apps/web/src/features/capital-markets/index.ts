// What other features use of the capital-market assumptions: the firm's figures (the builder's band ranges).
export { useCapitalMarketAssumptionsQuery } from './capital-markets-api.ts';
