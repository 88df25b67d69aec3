import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsPoint } from '@meridian/domain/analytics/contracts';
import { expectLegibleAxes, sizeCharts, tickLabels } from '../../../test/chart-axes.ts';
import { DrawdownChart, GrowthChart } from './analytics-charts.tsx';

const width = 600;
beforeEach(() => sizeCharts(width));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A household's year, valued around $1.5M: a small range, whose compact labels once read '$1.5M' three times. */
const householdYear: AnalyticsPoint[] = Array.from({ length: 53 }, (_, week) => {
  const wave = Math.sin(week / 5);
  return {
    date: new Date(Date.UTC(2025, 10, 28) + week * 7 * 86_400_000).toISOString().slice(0, 10),
    value: 1_500_000 + wave * 38_000,
    flow: 0,
    growth: 100 + wave * 2.5,
    benchmark_growth: 100 + wave * 1.5,
    drawdown: Math.min(0, wave * 0.06),
  };
});

describe('the analytics charts', () => {
  it("tick the household's value in steps of $20K, its growth and dates once each", () => {
    const { container } = render(<GrowthChart series={householdYear} benchmark="AGG" />);
    expect(tickLabels(container)).toEqual([
      ['2026', 'Mar', 'May', 'Jul', 'Sep', 'Nov'],
      ['96', '98', '100', '102', '104'],
      ['$1.46M', '$1.48M', '$1.50M', '$1.52M', '$1.54M'],
    ]);
    expectLegibleAxes(container, width);
  });

  it('tick the drawdown down from zero in whole percentages', () => {
    const { container } = render(<DrawdownChart series={householdYear} />);
    expect(tickLabels(container)[1]).toEqual(['-6%', '-4%', '-2%', '0%']);
    expectLegibleAxes(container, width);
  });
});
