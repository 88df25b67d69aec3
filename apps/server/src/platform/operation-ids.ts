import { apiPrefix } from './access.ts';

/**
 * The OpenAPI operationId of a route, the method name client generators give it. It is a function of
 * the method and the path alone, so it does not change when routes are registered in another order:
 * - a route may name itself (`schema.operationId`);
 * - an action that is no plain read or write of a resource (sign in, optimise, import) has its name below;
 * - any other route is named by REST habit from its path: `list` a collection, `get`/`update`/`delete`
 *   one record (a segment before `{id}` names one, so it is singular), `create` in a collection,
 *   `get`/`update` anything else: GET /clients → listClients, GET /portfolios/{id} → getPortfolio,
 *   POST /portfolios/{id}/holdings → createPortfolioHolding, PUT /households/{id}/members → updateHouseholdMembers.
 * The document refuses two operations with one name (see openapi.ts).
 */

/** Routes outside /api/v1, by method and path. */
const outsideApiNames: Record<string, string> = {
  // The same check as GET /api/v1/health (getHealth), outside the rate limit, for load balancers.
  'GET /health': 'getLoadBalancerHealth',
};

/** Actions, by method and path below /api/v1. */
const actionNames: Record<string, string> = {
  'POST /auth/login': 'login',
  'POST /auth/register': 'register',
  'POST /auth/confirm-registration': 'confirmRegistration',
  'POST /auth/refresh-token': 'refreshToken',
  'POST /auth/logout': 'logout',
  'POST /auth/setup-2fa': 'setUpTwoFactor',
  'POST /auth/verify-2fa': 'verifyTwoFactor',
  'POST /auth/request-password-reset': 'requestPasswordReset',
  'POST /auth/confirm-password-reset': 'confirmPasswordReset',
  'POST /auth/change-password': 'changePassword',
  'GET /auth/test-accounts': 'listTestAccounts',
  'GET /users/me': 'getCurrentUser',
  // The spec's older path for the same answer.
  'GET /auth/me': 'getCurrentUserAtAuthPath',
  'GET /users/advisors': 'listAdvisors',
  'GET /clients/stats': 'getClientStats',
  'GET /securities/search': 'searchSecurities',
  'POST /securities/prices/import': 'importSecurityPrices',
  'POST /securities/statistics': 'getSecurityStatistics',
  'POST /portfolios/proposals': 'buildPortfolioProposal',
  'GET /portfolios/{id}/analytics': 'getPortfolioAnalytics',
  'GET /households/{id}/analytics': 'getHouseholdAnalytics',
  'POST /portfolios/{id}/optimize': 'optimizePortfolio',
  'POST /portfolios/{id}/optimize/recommendation': 'recommendOptimizedPortfolio',
  'POST /recommendations/generate': 'generateRecommendations',
  'POST /ipq/start': 'startIpq',
  'GET /ipq/assessments/{sessionId}/comprehensive-results': 'getIpqResults',
  'POST /ipq/assessments/{sessionId}/prediction': 'predictIpqAllocation',
  'POST /ipq/assessments/{sessionId}/risk-band': 'decideIpqRiskBand',
  'POST /telemetry/web-vitals': 'recordWebVitals',
  'GET /telemetry/web-vitals/summary': 'getWebVitalsSummary',
};

const isParameter = (segment: string) => segment.startsWith('{');

/** `model-portfolios` → `ModelPortfolios`. */
const pascal = (segment: string) =>
  segment
    .split(/[-_]/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

/** One of a collection: `securities` → `security`, `clients` → `client`. */
const singular = (word: string) =>
  word.endsWith('ies') ? `${word.slice(0, -3)}y` : word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;

/** The operationId of a documented route, from its method and its OpenAPI path (`/api/v1/clients/{id}`). */
export function operationIdOf(method: string, path: string, declared?: string): string {
  if (declared) return declared;
  const upper = method.toUpperCase();
  const inApi = path.startsWith(`${apiPrefix}/`);
  const local = inApi ? path.slice(apiPrefix.length) : path;
  const named = (inApi ? actionNames : outsideApiNames)[`${upper} ${local}`];
  if (named) return named;
  const segments = local.split('/').filter(Boolean);
  const last = segments.at(-1) ?? '';
  const onRecord = isParameter(last);
  // A plural at the top or inside a record (`/portfolios/{id}/holdings`), not a sub-resource such as `/clients/stats` or `/clients/{id}/summary`.
  const collection = !onRecord && singular(last) !== last && (segments.length === 1 || isParameter(segments.at(-2) ?? ''));
  const verb =
    upper === 'DELETE'
      ? 'delete'
      : upper === 'PUT' || upper === 'PATCH'
        ? 'update'
        : upper === 'POST'
          ? 'create'
          : onRecord
            ? 'get'
            : collection
              ? 'list'
              : 'get';
  const statics = segments.filter((segment) => !isParameter(segment));
  const nouns = segments.flatMap((segment, index) => {
    if (isParameter(segment)) return [];
    const noun = pascal(segment);
    const namesOne = isParameter(segments[index + 1] ?? '') || (verb === 'create' && segment === statics.at(-1));
    return [namesOne ? singular(noun) : noun];
  });
  return verb + nouns.join('');
}
