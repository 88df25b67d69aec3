import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { longTaskThresholdMs, type WebVitalMetric } from '@meridian/domain/telemetry/web-vitals';
import { routes } from './router.tsx';
import { portfolioRoutes } from '../features/portfolios/portfolio-routes.tsx';
import { householdRoutes } from '../features/households/household-routes.tsx';
import { createBeaconQueue } from '../features/telemetry/beacon-queue.ts';
import { routePatternOf } from '../features/telemetry/route-pattern.ts';
import { estimateTti, quietWindowMs, type LongTask } from '../features/telemetry/tti-estimate.ts';
import { webVitalsRelease } from '../features/telemetry/web-vitals-release.ts';

const descendants = { '/portfolios/*': portfolioRoutes, '/households/*': householdRoutes };

/**
 * The client-side performance monitor (spec part 1 §9): LCP, INP, CLS, FCP and TTFB from the
 * web-vitals library, long tasks over 50 ms and a TTI estimated from them, each under the route
 * pattern of its screen and the release, sent in batches (see createBeaconQueue). Started once the
 * page has loaded, so none of it weighs on the first screen.
 */
export function startWebVitals(): void {
  const queue = createBeaconQueue(webVitalsRelease);
  // Matched once per address: long tasks are recorded in bursts, each under the current route.
  let matched = { pathname: '', pattern: '' };
  const currentRoute = () => {
    const { pathname } = window.location;
    if (matched.pathname !== pathname) matched = { pathname, pattern: routePatternOf(routes, pathname, descendants) };
    return matched.pattern;
  };
  // The load metrics belong to the screen the page was opened at, even when LCP is only final after
  // the user has moved on; CLS, INP and long tasks to the screen they are reported on.
  const landingRoute = currentRoute();
  const record = (metric: WebVitalMetric, value: number, route = currentRoute()) => queue.add({ metric, value, route });
  const recordLoad = ({ name, value }: Metric) => record(name, value, landingRoute);

  const longTasks: LongTask[] = [];
  let fcp: number | null = null;
  let ttiCheck: ReturnType<typeof setTimeout> | undefined;
  let ttiReported = false;
  const checkTti = () => {
    if (fcp === null || ttiReported) return;
    clearTimeout(ttiCheck);
    const tti = estimateTti(fcp, longTasks, performance.now());
    if (tti === null) ttiCheck = setTimeout(checkTti, quietWindowMs);
    else {
      ttiReported = true;
      record('TTI', tti, landingRoute);
    }
  };

  onTTFB(recordLoad);
  onLCP(recordLoad);
  onFCP((metric) => {
    recordLoad(metric);
    fcp = metric.value;
    checkTti();
  });
  onCLS(({ value }) => record('CLS', value));
  onINP(({ value }) => record('INP', value));

  if (globalThis.PerformanceObserver?.supportedEntryTypes?.includes('longtask')) {
    new PerformanceObserver((list) => {
      for (const { startTime, duration } of list.getEntries()) {
        if (duration <= longTaskThresholdMs) continue;
        longTasks.push({ startTime, duration });
        record('LONG_TASK', duration);
      }
      checkTti();
    }).observe({ type: 'longtask', buffered: true });
  }

  // web-vitals reports CLS, INP and a pending LCP from its own visibilitychange listeners (capture
  // phase, on window): they have run when this one (bubbling, on document) sends the batch.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') queue.flush();
  });
  window.addEventListener('pagehide', queue.flush);
}
