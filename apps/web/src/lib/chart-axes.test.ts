import { describe, expect, it } from 'vitest';
import { categoryAxis, chartMargin, utcDayAxis, valueAxis, yValueAxis } from './chart-axes.ts';

const tick = { location: 'tick' };
const tooltip = { location: 'tooltip' };

describe('the chart axes', () => {
  it('set a value axis to its round ticks and label them', () => {
    const axis = valueAxis([0.044, 0.171], 'percent');
    expect(axis).toMatchObject({ min: 0, max: 0.2, tickInterval: [0, 0.05, 0.1, 0.15, 0.2] });
    expect(axis.tickInterval.map(axis.valueFormatter)).toEqual(['0%', '5%', '10%', '15%', '20%']);
    expect(axis.valueFormatter(null)).toBe('');
    expect(yValueAxis([3, 7], 'number', { integers: true })).toMatchObject({ tickInterval: [3, 4, 5, 6, 7], width: 'auto' });
  });

  it('label categories briefly on the axis and in full in the tooltip', () => {
    const axis = categoryAxis(['Q3 2026', 'Q4 2026'], { short: (quarter) => quarter.slice(0, 2) });
    expect(axis.valueFormatter('Q4 2026', tick)).toBe('Q4');
    expect(axis.valueFormatter('Q4 2026', tooltip)).toBe('Q4 2026');
  });

  it('space point ticks for the n - 1 gaps between n points, band ticks for n bands', () => {
    const labels = ['a', 'b', 'c', 'd'];
    const bands = categoryAxis(labels, { scaleType: 'band' });
    expect(categoryAxis(labels).tickSpacing).toBe((bands.tickSpacing * 3) / 4);
  });

  it("leave room right of the drawing area for half the x axis' last label", () => {
    expect(chartMargin(valueAxis([0.05, 0.3], 'percent')).right).toBe(16);
    expect(chartMargin(valueAxis([1_462_310, 1_538_455], 'dollars')).right).toBe(27);
    expect(chartMargin(categoryAxis(['Q3 2026', 'Q4 2026'])).right).toBe(31);
  });

  it('tick calendar days in UTC and show the short date in the tooltip', () => {
    const axis = utcDayAxis(['2026-10-29', '2026-11-27']);
    expect(axis.tickInterval.map((day) => axis.valueFormatter(day, tick))).toEqual(['Nov 2', 'Nov 9', 'Nov 16', 'Nov 23']);
    expect(axis.valueFormatter(axis.data[0]!, tooltip)).toBe('Oct 29, 2026');
  });
});
