import { matchRoutes, type RouteObject } from 'react-router';
import { routePatternShape } from '@meridian/domain/telemetry/web-vitals';

/** What a screen whose address matches no route, or matches one the API would refuse, is reported as. */
const unknownRoutePattern = '/*';

/**
 * Route tables that a splat route renders with its own useRoutes (`portfolios/*` → the list, `new`,
 * `:portfolioId`), keyed by the splat route's full pattern.
 */
export type DescendantRoutes = Record<string, RouteObject[]>;

const joined = (parts: string[]) =>
  `/${parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .join('/')}`;

/**
 * The route PATTERN of an address (`/clients/:clientId/profile` for `/clients/7f…/profile`), read
 * from the app's route definitions with react-router's own matcher: the ids, query and fragment of
 * the address never leave the browser.
 */
export function routePatternOf(routes: RouteObject[], pathname: string, descendants: DescendantRoutes = {}): string {
  const matches = matchRoutes(routes, pathname);
  if (!matches) return unknownRoutePattern;
  const pattern = joined(matches.map((match) => match.route.path ?? ''));
  const nested = descendants[pattern];
  const rest = matches.at(-1)?.params['*'];
  const full = nested && rest !== undefined ? joined([pattern.replace(/\/\*$/, ''), routePatternOf(nested, `/${rest}`)]) : pattern;
  return routePatternShape.test(full) ? full : unknownRoutePattern;
}
