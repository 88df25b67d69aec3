import { describe, expect, it } from 'vitest';
import { analyticsSettingsUpdateSchema, defaultMetricTargets, metricProgress, quarterLabel } from './contracts.ts';

describe('metricProgress', () => {
  it('is green from 90 % of the target, amber from 70 %, red below (spec part 1 §9)', () => {
    expect(metricProgress(95, 100)).toEqual({ attained: 0.95, progress: 0.95, tone: 'success' });
    expect(metricProgress(90, 100).tone).toBe('success');
    expect(metricProgress(89.9, 100).tone).toBe('warning');
    expect(metricProgress(70, 100).tone).toBe('warning');
    expect(metricProgress(69.9, 100).tone).toBe('error');
  });

  it('caps the bar at 100 % but keeps the real share of a target passed; no value (or no target) is none', () => {
    // $245.6M of the default $150M target: 245.6 / 150 = 1.637…, the bar full.
    expect(metricProgress(245_600_000, defaultMetricTargets.total_aum)).toEqual({
      attained: expect.closeTo(245.6 / 150, 12),
      progress: 1,
      tone: 'success',
    });
    expect(metricProgress(null, 5)).toEqual({ attained: 0, progress: 0, tone: 'error' });
    expect(metricProgress(10, 0).progress).toBe(0);
  });
});

describe('quarterLabel', () => {
  it('names the calendar quarter of a day', () => {
    expect(quarterLabel('2026-01-01')).toBe('Q1 2026');
    expect(quarterLabel('2026-03-31')).toBe('Q1 2026');
    expect(quarterLabel('2026-04-01')).toBe('Q2 2026');
    expect(quarterLabel('2026-11-27')).toBe('Q4 2026');
  });
});

describe('analyticsSettingsUpdateSchema', () => {
  it('takes some targets or the rate alone, and refuses targets that are not positive and rates out of range', () => {
    expect(analyticsSettingsUpdateSchema.parse({ targets: { active_clients: 180 } })).toEqual({ targets: { active_clients: 180 } });
    expect(analyticsSettingsUpdateSchema.parse({ risk_free_rate: 0.035 })).toEqual({ risk_free_rate: 0.035 });
    expect(analyticsSettingsUpdateSchema.safeParse({ targets: { total_aum: 0 } }).success).toBe(false);
    expect(analyticsSettingsUpdateSchema.safeParse({ targets: { active_clients: 1.5 } }).success).toBe(false);
    expect(analyticsSettingsUpdateSchema.safeParse({ targets: { client_satisfaction: 6 } }).success).toBe(false);
    expect(analyticsSettingsUpdateSchema.safeParse({ risk_free_rate: 0.3 }).success).toBe(false);
  });
});
