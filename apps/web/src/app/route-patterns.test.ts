import { describe, expect, it } from 'vitest';
import { routes } from './router.tsx';
import { portfolioRoutes } from '../features/portfolios/portfolio-routes.tsx';
import { routePatternOf } from '../features/telemetry/route-pattern.ts';

const descendants = { '/portfolios/*': portfolioRoutes };
const patternOf = (pathname: string) => routePatternOf(routes, pathname, descendants);
const clientId = '3fa85f64-5717-4562-b3fc-2c963f66afa6';

describe('routePatternOf (the app router’s own route definitions)', () => {
  it('reports a screen by its route pattern, never its ids', () => {
    expect(patternOf(`/clients/${clientId}/profile`)).toBe('/clients/:clientId/profile');
    expect(patternOf(`/clients/${clientId}/edit`)).toBe('/clients/:clientId/edit');
    expect(patternOf('/clients/new')).toBe('/clients/new');
    expect(patternOf('/clients')).toBe('/clients');
    expect(patternOf(`/ipq-assessment/${clientId}`)).toBe('/ipq-assessment/:clientId');
  });

  it('follows the portfolios’ own route table below /portfolios/*', () => {
    expect(patternOf('/portfolios')).toBe('/portfolios');
    expect(patternOf('/portfolios/new')).toBe('/portfolios/new');
    expect(patternOf(`/portfolios/${clientId}`)).toBe('/portfolios/:portfolioId');
    expect(patternOf(`/portfolios/${clientId}/extra`)).toBe('/portfolios/*');
    expect(routePatternOf(routes, `/portfolios/${clientId}`)).toBe('/portfolios/*');
  });

  it('reports the public pages, the root and an unknown address by their patterns', () => {
    expect(patternOf('/login')).toBe('/login');
    expect(patternOf('/api/v1/auth/login')).toBe('/api/v1/auth/login');
    expect(patternOf('/')).toBe('/');
    expect(patternOf('/no/such/page/42')).toBe('/*');
  });

  it('ignores a trailing slash and leaves what an address adds beyond its path out', () => {
    expect(patternOf(`/clients/${clientId}/report/`)).toBe('/clients/:clientId/report');
    expect(patternOf('/Clients')).toBe('/clients');
  });
});
