import { telemetryLimits, webVitalsBatchSchema, type WebVitalEntry } from '@meridian/domain/telemetry/web-vitals';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBeaconQueue, webVitalsUrl } from './beacon-queue.ts';
import { stubSendBeacon } from './test/telemetry.fixtures.ts';

const entry = (value: number, route = '/clients/:clientId/profile'): WebVitalEntry => ({ metric: 'LCP', value, route });

describe('createBeaconQueue', () => {
  let online: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    Reflect.deleteProperty(navigator, 'sendBeacon');
  });

  it('sends what has gathered on flush as one JSON batch of its release, in the shape the API takes', async () => {
    const sent = stubSendBeacon();
    const queue = createBeaconQueue('r42');
    queue.add(entry(1200));
    queue.add({ metric: 'CLS', value: 0.02, route: '/login' });
    expect(sent).toEqual([]);
    queue.flush();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(webVitalsUrl);
    expect(webVitalsUrl).toMatch(/\/api\/v1\/telemetry\/web-vitals$/);
    expect(sent[0]!.type).toBe('application/json');
    const json = await sent[0]!.body;
    expect(json).toEqual({ release: 'r42', entries: [entry(1200), { metric: 'CLS', value: 0.02, route: '/login' }] });
    expect(webVitalsBatchSchema.safeParse(json).success).toBe(true);
  });

  it('sends a batch as soon as it is full, and nothing when there is nothing to send', async () => {
    const sent = stubSendBeacon();
    const queue = createBeaconQueue('r42');
    queue.flush();
    expect(sent).toEqual([]);
    for (let index = 0; index < telemetryLimits.batchMax + 3; index += 1) queue.add(entry(index));
    expect(sent).toHaveLength(1);
    expect(((await sent[0]!.body) as { entries: unknown[] }).entries).toHaveLength(telemetryLimits.batchMax);
    queue.flush();
    expect(sent).toHaveLength(2);
    expect(await sent[1]!.body).toEqual({ release: 'r42', entries: [entry(50), entry(51), entry(52)] });
    queue.flush();
    expect(sent).toHaveLength(2);
  });

  it('drops measurements taken while offline, and a batch due while offline', async () => {
    const sent = stubSendBeacon();
    const queue = createBeaconQueue('r42');
    online.mockReturnValue(false);
    queue.add(entry(1));
    online.mockReturnValue(true);
    queue.add(entry(2));
    online.mockReturnValue(false);
    queue.flush();
    expect(sent).toEqual([]);
    online.mockReturnValue(true);
    queue.flush();
    expect(sent).toEqual([]);
    queue.add(entry(3));
    queue.flush();
    expect(await sent[0]!.body).toEqual({ release: 'r42', entries: [entry(3)] });
  });
});
