import { lazy, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router';

function lazyNamed<T extends Record<string, unknown>, K extends keyof T>(load: () => Promise<T>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const HouseholdsPage = lazyNamed(() => import('./list/households-page.tsx'), 'HouseholdsPage');
const HouseholdPage = lazyNamed(() => import('./detail/household-page.tsx'), 'HouseholdPage');

/** /households/*: the list and one household, each its own chunk; the app router loads only this module. */
export function HouseholdRoutes() {
  return useRoutes(householdRoutes);
}

/** The routes below /households/ (web vitals report a household's page by this table's pattern). */
export const householdRoutes: RouteObject[] = [
  { index: true, element: <HouseholdsPage /> },
  { path: ':householdId', element: <HouseholdPage /> },
];
