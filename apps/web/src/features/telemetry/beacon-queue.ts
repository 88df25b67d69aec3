import { telemetryLimits, type WebVitalEntry, type WebVitalsBatch } from '@meridian/domain/telemetry/web-vitals';
import { apiBaseUrl } from '../../lib/refresh-session.ts';

export const webVitalsUrl = `${apiBaseUrl}/telemetry/web-vitals`;

export type BeaconQueue = {
  add: (entry: WebVitalEntry) => void;
  /** Sends what has gathered (the page is being hidden or left). */
  flush: () => void;
};

/**
 * Measurements gathered into batches of one release, sent with navigator.sendBeacon (which the
 * browser delivers even as the page closes, and which carries no token: the endpoint needs none) when
 * a batch is full or on flush(). Measurements are a sample, not a record: one taken or due to be sent
 * while the browser is offline is dropped, never kept for later.
 */
export function createBeaconQueue(release: string): BeaconQueue {
  let entries: WebVitalEntry[] = [];
  const flush = () => {
    if (entries.length === 0) return;
    const batch: WebVitalsBatch = { release, entries };
    entries = [];
    if (!navigator.onLine) return;
    navigator.sendBeacon(webVitalsUrl, new Blob([JSON.stringify(batch)], { type: 'application/json' }));
  };
  return {
    add: (entry) => {
      if (!navigator.onLine) return;
      entries.push(entry);
      if (entries.length >= telemetryLimits.batchMax) flush();
    },
    flush,
  };
}
