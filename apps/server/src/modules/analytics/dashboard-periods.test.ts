import { describe, expect, it } from 'vitest';
import { periodWindow } from './dashboard.service.ts';

describe('the dashboard periods', () => {
  it('run from the start of the quarter, month or year to today, against the close of the day before it began', () => {
    expect(periodWindow('current', '2026-11-27')).toEqual({
      period: 'current',
      period_label: 'Q4 2026',
      start_date: '2026-10-01',
      as_of: '2026-11-27',
      previous_as_of: '2026-09-30',
    });
    expect(periodWindow('quarter', '2026-02-14')).toMatchObject({
      period_label: 'Q1 2026',
      start_date: '2026-01-01',
      previous_as_of: '2025-12-31',
    });
    expect(periodWindow('month', '2026-03-01')).toMatchObject({
      period_label: 'March 2026',
      start_date: '2026-03-01',
      previous_as_of: '2026-02-28',
    });
    expect(periodWindow('year', '2026-11-27')).toMatchObject({
      period_label: '2026',
      start_date: '2026-01-01',
      previous_as_of: '2025-12-31',
    });
  });
});
