import { describe, expect, it } from 'vitest';
import { estimateTti } from './tti-estimate.ts';

describe('estimateTti', () => {
  it('is FCP when no long task follows it and 5 s have passed', () => {
    expect(estimateTti(1_200, [{ startTime: 300, duration: 120 }], 6_200)).toBe(1_200);
  });

  it('is the end of the last long task before the first 5 s without one', () => {
    const tasks = [
      { startTime: 1_500, duration: 200 }, // ends 1,700
      { startTime: 4_000, duration: 300 }, // ends 4,300: within 5 s of 1,700
      { startTime: 9_400, duration: 90 }, // 5.1 s after 4,300: after the quiet window
    ];
    expect(estimateTti(1_000, tasks, 12_000)).toBe(4_300);
  });

  it('counts a long task that straddles FCP', () => {
    expect(estimateTti(1_000, [{ startTime: 900, duration: 400 }], 7_000)).toBe(1_300);
  });

  it('is unknown until the page has been quiet for 5 s', () => {
    const tasks = [{ startTime: 2_000, duration: 500 }];
    expect(estimateTti(1_000, tasks, 7_499)).toBeNull();
    expect(estimateTti(1_000, tasks, 7_500)).toBe(2_500);
  });
});
