import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { webVitalsBatchSchema } from '@meridian/domain/telemetry/web-vitals';
import { startWebVitals } from './start-web-vitals.ts';
import { stubSendBeacon, type SentBeacon } from '../features/telemetry/test/telemetry.fixtures.ts';
import { webVitalsRelease } from '../features/telemetry/web-vitals-release.ts';

type Report = (metric: { name: string; value: number }) => void;
const reporters = vi.hoisted(() => new Map<string, Report>());

// The library measures what only a real browser paints; here each metric is reported by hand.
vi.mock('web-vitals', () => {
  const on = (name: string) => (report: Report) => void reporters.set(name, report);
  return { onCLS: on('CLS'), onFCP: on('FCP'), onINP: on('INP'), onLCP: on('LCP'), onTTFB: on('TTFB') };
});

const report = (name: string, value: number) => reporters.get(name)!({ name, value });
function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('startWebVitals', () => {
  let sent: SentBeacon[];
  beforeEach(() => {
    sent = stubSendBeacon();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    // The page's clock stands a moment after the FCPs reported below: no 5 s quiet window has passed,
    // so no TTI is due (a loaded machine can take longer than that to reach a test).
    vi.spyOn(performance, 'now').mockReturnValue(1_000);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    Reflect.deleteProperty(navigator, 'sendBeacon');
    Reflect.deleteProperty(document, 'visibilityState');
    window.history.replaceState(null, '', '/');
  });

  it('sends the load metrics under the landing route and the later ones under the screen they happen on, when the page is hidden', async () => {
    window.history.replaceState(null, '', '/clients/3fa85f64-5717-4562-b3fc-2c963f66afa6/profile?tab=risk#notes');
    startWebVitals();
    report('TTFB', 180);
    report('FCP', 900);
    // The user moves on to a portfolio before the first input makes LCP final.
    window.history.pushState(null, '', '/portfolios/0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d');
    report('LCP', 1650);
    report('INP', 96);
    report('CLS', 0.04);
    expect(sent).toEqual([]);

    setVisibility('hidden');
    expect(sent).toHaveLength(1);
    const batch = await sent[0]!.body;
    expect(batch).toEqual({
      release: webVitalsRelease,
      entries: [
        { metric: 'TTFB', value: 180, route: '/clients/:clientId/profile' },
        { metric: 'FCP', value: 900, route: '/clients/:clientId/profile' },
        { metric: 'LCP', value: 1650, route: '/clients/:clientId/profile' },
        { metric: 'INP', value: 96, route: '/portfolios/:portfolioId' },
        { metric: 'CLS', value: 0.04, route: '/portfolios/:portfolioId' },
      ],
    });
    expect(webVitalsBatchSchema.safeParse(batch).success).toBe(true);
    expect(JSON.stringify(batch)).not.toMatch(/3fa85f64|0b1c2d3e|tab=risk|notes/);
  });

  it('sends what has gathered when the page is left, and nothing while it stays visible', () => {
    startWebVitals();
    report('TTFB', 95);
    setVisibility('visible');
    expect(sent).toEqual([]);
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toHaveLength(1);
  });
});
