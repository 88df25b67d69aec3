import { lazy, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router';

function lazyNamed<T extends Record<string, unknown>, K extends keyof T>(load: () => Promise<T>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const PortfoliosPage = lazyNamed(() => import('./list/portfolios-page.tsx'), 'PortfoliosPage');
const NewPortfolioPage = lazyNamed(() => import('./new/new-portfolio-page.tsx'), 'NewPortfolioPage');
const PortfolioPage = lazyNamed(() => import('./detail/portfolio-page.tsx'), 'PortfolioPage');

/**
 * /portfolios/*: the list, the new-portfolio form and one portfolio, each its own chunk. The app
 * router loads this one small module, so the sign-in page's entry does not carry three imports.
 */
export function PortfolioRoutes() {
  return useRoutes(portfolioRoutes);
}

/** The routes below /portfolios/ (web vitals report a portfolio's page by this table's pattern). */
export const portfolioRoutes: RouteObject[] = [
  { index: true, element: <PortfoliosPage /> },
  { path: 'new', element: <NewPortfolioPage /> },
  { path: ':portfolioId', element: <PortfolioPage /> },
];
