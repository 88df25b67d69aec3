import { describe, expect, it } from 'vitest';
import { returnFigure } from '../../components/signed-value.tsx';
import { formatMetricValue, shortQuarter, signedCompactDollars, signedCount, signedPoints } from './dashboard-format.ts';
import { dashboardStatus } from './dashboard-status.ts';

describe('dashboard figures', () => {
  it('signs changes with one decimal and no colour for a change that rounds to nothing', () => {
    expect(returnFigure(0.125)).toEqual({ text: '+12.5%', direction: 1 });
    expect(returnFigure(-0.0304)).toEqual({ text: '-3.0%', direction: -1 });
    expect(returnFigure(-0.0004)).toEqual({ text: '+0.0%', direction: 0 });
    expect(signedPoints(0.008)).toEqual({ text: '+0.8 pts', direction: 1 });
    expect(signedCount(-12)).toEqual({ text: '-12', direction: -1 });
    expect(signedCompactDollars(1_234_567)).toEqual({ text: '+$1.2M', direction: 1 });
    expect(signedCompactDollars(-350_000)).toEqual({ text: '-$350K', direction: -1 });
  });

  it("shortens a quarter for a chart's tick", () => {
    expect(shortQuarter('Q4 2026')).toBe("Q4 '26");
    expect(shortQuarter('Q1 2030')).toBe("Q1 '30");
  });

  it('formats a metric by its unit', () => {
    expect(formatMetricValue(125_300_000, 'currency')).toBe('$125.3M');
    expect(formatMetricValue(1560, 'number')).toBe('1,560');
    expect(formatMetricValue(4.8, 'rating')).toBe('4.8 / 5');
  });
});

describe('dashboard status', () => {
  it('is live without errors and takes the weightiest error otherwise', () => {
    expect(dashboardStatus([undefined, undefined])).toBe('live');
    expect(dashboardStatus([{ status: 500 }])).toBe('unavailable');
    expect(dashboardStatus([{ status: 'FETCH_ERROR', error: 'TypeError' }, { status: 500 }])).toBe('unreachable');
    expect(dashboardStatus([{ status: 'TIMEOUT_ERROR', error: 'x' }])).toBe('unreachable');
    expect(dashboardStatus([{ status: 500 }, { status: 403 }])).toBe('denied');
    expect(dashboardStatus([{ status: 403 }, { status: 401 }])).toBe('signed-out');
  });
});
