import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkSession, startSessionMonitor, type SessionCheck } from './session-monitor.ts';

const minute = 60_000;

describe('checkSession thresholds', () => {
  const now = 10_000_000;
  it('no banner above 5 minutes', () => expect(checkSession(now + 5 * minute + 1, now).phase).toBe('active'));
  it('banner at 5 minutes or less and above 1 minute', () => {
    expect(checkSession(now + 5 * minute, now)).toEqual({ phase: 'warning', remainingMs: 5 * minute });
    expect(checkSession(now + minute + 1, now).phase).toBe('warning');
  });
  it('modal at 1 minute or less and above 0', () => {
    expect(checkSession(now + minute, now).phase).toBe('critical');
    expect(checkSession(now + 1, now).phase).toBe('critical');
  });
  it('expired at 0 or without a stored expiry', () => {
    expect(checkSession(now, now)).toEqual({ phase: 'expired', remainingMs: 0 });
    expect(checkSession(null, now).phase).toBe('expired');
  });
});

describe('startSessionMonitor (checked immediately and every 30 s)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  it('checks at once, then every 30 seconds, until stopped', () => {
    const expiry = 6 * minute;
    const checks: SessionCheck[] = [];
    const stop = startSessionMonitor({ getExpiry: () => expiry, onCheck: (check) => checks.push(check) });
    expect(checks.map((check) => check.phase)).toEqual(['active']);

    vi.advanceTimersByTime(29_999);
    expect(checks).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(checks).toHaveLength(2);

    vi.advanceTimersByTime(30_000); // t = 60 s: 5:00 left
    expect(checks.at(-1)).toEqual({ phase: 'warning', remainingMs: 5 * minute });

    vi.advanceTimersByTime(4 * 30_000); // t = 180 s: 3:00 left
    expect(checks.at(-1)?.phase).toBe('warning');

    vi.advanceTimersByTime(4 * 30_000); // t = 300 s: 1:00 left
    expect(checks.at(-1)?.phase).toBe('critical');

    vi.advanceTimersByTime(2 * 30_000); // t = 360 s
    expect(checks.at(-1)?.phase).toBe('expired');

    const count = checks.length;
    stop();
    vi.advanceTimersByTime(5 * 30_000);
    expect(checks).toHaveLength(count);
  });

  it('sees an extension at the next check', () => {
    let expiry = 30_000;
    const checks: SessionCheck[] = [];
    const stop = startSessionMonitor({ getExpiry: () => expiry, onCheck: (check) => checks.push(check) });
    expect(checks.at(-1)?.phase).toBe('critical');
    expiry = 15 * minute;
    vi.advanceTimersByTime(30_000);
    expect(checks.at(-1)?.phase).toBe('active');
    stop();
  });
});
