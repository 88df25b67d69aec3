// What other features use of the capital-market assumptions: the page, and the firm's figures (the builder's band ranges).
export { CapitalMarketsPage } from './capital-markets-page.tsx';
export { useCapitalMarketAssumptionsQuery } from './capital-markets-api.ts';
