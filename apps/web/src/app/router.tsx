import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { Navigate, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/page-spinner.tsx';
import { RequireAuth } from '../features/auth/require-auth.tsx';
import { protectedAreas } from '../features/placeholder/protected-areas.ts';
import { webMessages } from '@meridian/domain/shared/web-messages';
import { releaseHeldSubmit } from '../lib/held-submit.ts';
import { registerNavigate } from '../lib/navigate.ts';
import { tokenStore } from '../lib/token-store.ts';
import { useAppSelector } from './hooks.ts';
import type { AppDispatch } from './store.ts';

/**
 * React.lazy over a named export, so every screen is its own chunk; `preload` fetches that chunk
 * ahead of rendering (the module loader returns the same module to the render later) and resolves
 * once it is loaded.
 */
function lazyNamed<T extends Record<string, unknown>, K extends keyof T>(load: () => Promise<T>, name: K) {
  return Object.assign(
    lazy(async () => ({ default: (await load())[name] as ComponentType })),
    { preload: (): Promise<unknown> => load() },
  );
}

const LoginPage = lazyNamed(() => import('../features/auth/login/login-page.tsx'), 'LoginPage');
const RegisterPage = lazyNamed(() => import('../features/auth/register/register-page.tsx'), 'RegisterPage');
const RegisterConfirmPage = lazyNamed(() => import('../features/auth/register/register-confirm-page.tsx'), 'RegisterConfirmPage');
const PasswordResetPage = lazyNamed(() => import('../features/auth/password/password-reset-page.tsx'), 'PasswordResetPage');
const TwoFactorPage = lazyNamed(() => import('../features/auth/two-factor/two-factor-page.tsx'), 'TwoFactorPage');
const ApiTokenPage = lazyNamed(() => import('../features/auth/api-token/api-token-page.tsx'), 'ApiTokenPage');
const AppLayout = lazyNamed(() => import('../features/shell/app-layout.tsx'), 'AppLayout');
const DashboardPage = lazyNamed(() => import('../features/dashboard/dashboard-page.tsx'), 'DashboardPage');
const MarketDataPage = lazyNamed(() => import('../features/market-data/market-data-page.tsx'), 'MarketDataPage');
const ClientListPage = lazyNamed(() => import('../features/clients/list/client-list-page.tsx'), 'ClientListPage');
const ClientNewPage = lazyNamed(() => import('../features/clients/form/client-new-page.tsx'), 'ClientNewPage');
const ClientEditPage = lazyNamed(() => import('../features/clients/form/client-edit-page.tsx'), 'ClientEditPage');
const ClientProfilePage = lazyNamed(() => import('../features/clients/profile/client-profile-page.tsx'), 'ClientProfilePage');
const ClientReportPage = lazyNamed(() => import('../features/clients/report/client-report-page.tsx'), 'ClientReportPage');
const ClientProfilesPage = lazyNamed(() => import('../features/clients/profiles/client-profiles-page.tsx'), 'ClientProfilesPage');
const PortfolioRoutes = lazyNamed(() => import('../features/portfolios/portfolio-routes.tsx'), 'PortfolioRoutes');
const PortfolioAnalyticsPage = lazyNamed(() => import('../features/analytics/portfolio-analytics-page.tsx'), 'PortfolioAnalyticsPage');
const PortfolioBuilderPage = lazyNamed(() => import('../features/portfolio-builder/portfolio-builder-page.tsx'), 'PortfolioBuilderPage');
const CapitalMarketsPage = lazyNamed(() => import('../features/capital-markets/capital-markets-page.tsx'), 'CapitalMarketsPage');
const IpqAssessmentPage = lazyNamed(() => import('../features/ipq/taking/ipq-assessment-page.tsx'), 'IpqAssessmentPage');
const IpqResultsPage = lazyNamed(() => import('../features/ipq/results/ipq-results-page.tsx'), 'IpqResultsPage');
const ClientAssessmentsPage = lazyNamed(() => import('../features/ipq/list/client-assessments-page.tsx'), 'ClientAssessmentsPage');
const AssessmentRoutes = lazyNamed(() => import('../features/assessments/assessment-routes.tsx'), 'AssessmentRoutes');
const AssessmentManagerRoutes = lazyNamed(() => import('../features/assessments/assessment-routes.tsx'), 'AssessmentManagerRoutes');
const HouseholdRoutes = lazyNamed(() => import('../features/households/household-routes.tsx'), 'HouseholdRoutes');
const LogoutRoute = lazyNamed(() => import('../features/shell/logout-route.tsx'), 'LogoutRoute');
const SessionExpiryWarning = lazyNamed(() => import('../features/session/session-expiry-warning.tsx'), 'SessionExpiryWarning');
const UnavailablePage = lazy(async () => ({
  default: (await import('../features/placeholder/unavailable-page.tsx')).UnavailablePage,
}));

/** Mounted with the page inside its Suspense boundary, so it runs once the page itself is live (hydrated or rendered). */
function PageLive({ children }: { children: ReactNode }) {
  useEffect(releaseHeldSubmit, []);
  return children;
}

const suspended = (node: ReactNode, fullScreen = true) => (
  <Suspense fallback={<PageSpinner fullScreen={fullScreen} />}>
    <PageLive>{node}</PageLive>
  </Suspense>
);

export const routes: RouteObject[] = [
  { path: '/login', element: suspended(<LoginPage />) },
  { path: '/register', element: suspended(<RegisterPage />) },
  { path: '/register/confirm', element: suspended(<RegisterConfirmPage />) },
  { path: '/app', element: suspended(<RegisterPage />) },
  { path: '/forgot-password', element: suspended(<PasswordResetPage />) },
  { path: '/reset-password', element: suspended(<PasswordResetPage />) },
  { path: '/two-factor', element: suspended(<TwoFactorPage />) },
  { path: '/api/v1/auth/login', element: suspended(<ApiTokenPage />) },
  {
    path: '/',
    element: <RequireAuth>{suspended(<AppLayout />)}</RequireAuth>,
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      { path: 'dashboard', element: <DashboardPage /> },
      { path: 'market-data', element: <MarketDataPage /> },
      { path: 'clients', element: <ClientListPage /> },
      { path: 'clients/new', element: <ClientNewPage /> },
      { path: 'clients/:clientId/edit', element: <ClientEditPage /> },
      { path: 'clients/:clientId/profile', element: <ClientProfilePage /> },
      { path: 'clients/:clientId/report', element: <ClientReportPage /> },
      { path: 'clients/:clientId/assessment', element: <ClientAssessmentsPage /> },
      { path: 'clients/:clientId/ipq-results', element: <IpqResultsPage /> },
      { path: 'ipq-assessment/:clientId', element: <IpqAssessmentPage /> },
      { path: 'client-profiles', element: <ClientProfilesPage /> },
      { path: 'portfolios/*', element: <PortfolioRoutes /> },
      { path: 'portfolio-analytics', element: <PortfolioAnalyticsPage /> },
      { path: 'portfolio-builder', element: <PortfolioBuilderPage /> },
      { path: 'investment-policy', element: <CapitalMarketsPage /> },
      // The address analytics and the builder link to.
      { path: 'capital-market-assumptions', element: <CapitalMarketsPage /> },
      { path: 'households/*', element: <HouseholdRoutes /> },
      { path: 'assessments/*', element: <AssessmentRoutes /> },
      { path: 'assessment-manager/*', element: <AssessmentManagerRoutes /> },
      { path: 'logout', element: <LogoutRoute /> },
      ...protectedAreas.map((area) => ({ path: area.path, element: <UnavailablePage title={area.title} /> })),
      { path: '*', element: <UnavailablePage title="Page Not Found" message={webMessages.pageNotFound} /> },
    ],
  },
];

/** Screens worth starting before React has rendered the shell that would ask for them. */
const preloadable: Array<{ path: RegExp; preload: (dispatch: AppDispatch) => Promise<unknown> }> = [
  {
    path: /^\/clients\/?$/,
    preload: (dispatch) =>
      Promise.all([
        ClientListPage.preload(),
        import('../features/clients/list/client-list-prefetch.ts').then((module) => module.prefetchClientList(dispatch)),
      ]),
  },
];

/**
 * Opened at a signed-in address, the app would fetch the shell's chunk, render it, then fetch the
 * screen's chunk, render it, and only then ask for its data: one after another. Here the shell, the
 * screen and (for the heaviest screens) their first data are all asked for at once, at start-up.
 * Resolves once they are in (at once when there is nothing to preload); never rejects, since a
 * failed load is the render's to report.
 */
export function preloadScreen(pathname: string, dispatch: AppDispatch): Promise<void> {
  const screen = tokenStore.isAuthenticated() ? preloadable.find((entry) => entry.path.test(pathname)) : undefined;
  if (!screen) return Promise.resolve();
  return Promise.all([AppLayout.preload(), screen.preload(dispatch)]).then(
    () => undefined,
    () => undefined,
  );
}

/** The app's routes; also lets code outside React (the API base query) navigate. */
export function AppRoutes() {
  const navigate = useNavigate();
  useEffect(() => registerNavigate((path, options) => void navigate(path, options)), [navigate]);
  const signedIn = useAppSelector((state) => state.auth.isAuthenticated);
  return (
    <>
      {useRoutes(routes)}
      {/* Every signed-in page, inside the shell or not (e.g. /two-factor), watches the session. */}
      {signedIn && (
        <Suspense fallback={null}>
          <SessionExpiryWarning />
        </Suspense>
      )}
    </>
  );
}
