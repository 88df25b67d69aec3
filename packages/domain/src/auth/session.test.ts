import { describe, expect, it } from 'vitest';
import { formatCountdown, sessionPhase } from './session.ts';

describe('sessionPhase', () => {
  const now = 1_000_000;
  it('is active above 5 minutes', () => expect(sessionPhase(now + 5 * 60_000 + 1, now)).toBe('active'));
  it('warns at 5 minutes or less', () => expect(sessionPhase(now + 5 * 60_000, now)).toBe('warning'));
  it('is critical at 1 minute or less', () => expect(sessionPhase(now + 60_000, now)).toBe('critical'));
  it('is expired at 0', () => expect(sessionPhase(now, now)).toBe('expired'));
});

describe('formatCountdown', () => {
  it('formats m:ss', () => {
    expect(formatCountdown(4 * 60_000 + 5_000)).toBe('4:05');
    expect(formatCountdown(59_400)).toBe('1:00');
    expect(formatCountdown(-10)).toBe('0:00');
  });
});
