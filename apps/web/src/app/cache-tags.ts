import type { Portfolio } from '@meridian/domain/portfolios/contracts';

/**
 * One rule keeps the cache truthful: a query provides the tags of the records it shows, and a
 * write invalidates the tags of the records whose shown values it changes.
 *
 * - `Client/<id>`: one client's record and figures (AUM, gain/loss, portfolio count, activity, household).
 * - `Client/LIST`: every view over many clients (list rows, stats cards, pickers, advisors' client counts).
 * - `Portfolio/<id>`: one portfolio's record, values and holdings.
 * - `Portfolio/LIST`: every list of portfolios (the portfolios page, a client's portfolios).
 * - `PortfolioTransactions/<id>`: one portfolio's ledger.
 * - `Security`: securities and their closes; `Me`: the signed-in user.
 * - `Analytics`: every figure computed over portfolios' values and ledgers (the dashboard's cards and
 *   metrics, the client lists' time-weighted returns, portfolio and household analytics, households'
 *   rolled-up values). Any portfolio, ledger,
 *   client or price write moves them, so those writes invalidate the whole type.
 * - `Household/<id>`, `Household/LIST`: households and their members.
 * - `Recommendation/LIST`: every list of recommendations (a client's, a portfolio's).
 * - `ModelPortfolio/LIST`: every list of the firm's model portfolios.
 *
 * A client's figures are sums over their portfolios, so every portfolio write reaches its client too;
 * and a portfolio shows its client's name, so a client write reaches every portfolio.
 */
export const tagTypes = [
  'Me',
  'Security',
  'Client',
  'Portfolio',
  'PortfolioTransactions',
  'Analytics',
  'Household',
  'Recommendation',
  'ModelPortfolio',
  'Assessment',
] as const;

/** What a portfolio write names so that its owning client's views can follow it. */
export type PortfolioRef = Pick<Portfolio, 'id' | 'client_id'>;

export const clientTag = (id: string) => ({ type: 'Client' as const, id });
export const clientListTag = { type: 'Client' as const, id: 'LIST' };
export const portfolioTag = (id: string) => ({ type: 'Portfolio' as const, id });
export const portfolioListTag = { type: 'Portfolio' as const, id: 'LIST' };
export const ledgerTag = (portfolioId: string) => ({ type: 'PortfolioTransactions' as const, id: portfolioId });
export const analyticsTag = 'Analytics' as const;
export const householdTag = (id: string) => ({ type: 'Household' as const, id });
export const householdListTag = { type: 'Household' as const, id: 'LIST' };
export const recommendationListTag = { type: 'Recommendation' as const, id: 'LIST' };
export const modelListTag = { type: 'ModelPortfolio' as const, id: 'LIST' };

/** A client's record or figures changed: that client's views and every view over many clients. */
export const clientChanged = (clientId: string) => [clientTag(clientId), clientListTag, analyticsTag];

/** A client's record changed: as above, and every portfolio view, which names the client. */
export const clientRecordChanged = (clientId: string) => [...clientChanged(clientId), 'Portfolio' as const];

/** A client gained or lost a portfolio: the portfolio lists and the client's figures. */
export const clientPortfoliosChanged = (clientId: string) => [portfolioListTag, ...clientChanged(clientId)];

/** A portfolio's record or values changed: it, the portfolio lists and its client's figures. */
export const portfolioChanged = (portfolio: PortfolioRef) => [portfolioTag(portfolio.id), ...clientPortfoliosChanged(portfolio.client_id)];

/** A trade or ledger entry: the portfolio as above, and its ledger. */
export const ledgerChanged = (portfolio: PortfolioRef) => [...portfolioChanged(portfolio), ledgerTag(portfolio.id)];
