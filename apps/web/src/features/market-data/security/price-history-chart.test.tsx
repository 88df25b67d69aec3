import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PricePoint } from '@meridian/domain/securities/contracts';
import { expectLegibleAxes, sizeCharts, tickLabels } from '../../../test/chart-axes.ts';
import { PriceHistoryChart } from './price-history-chart.tsx';

const width = 390;
beforeEach(() => sizeCharts(width));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A quiet month of closes between $101.20 and $102.80. */
const month: PricePoint[] = Array.from({ length: 22 }, (_, index) => ({
  date: new Date(Date.UTC(2026, 9, 29) + index * 86_400_000).toISOString().slice(0, 10),
  close: 102 + Math.sin(index / 3) * 0.8,
  source: 'simulated',
}));

describe('PriceHistoryChart', () => {
  it('ticks a narrow range of closes in cents, each once, and the month by its Mondays', () => {
    const { container } = render(<PriceHistoryChart symbol="MSFT" points={month} />);
    expect(tickLabels(container)).toEqual([
      ['Nov 2', 'Nov 9', 'Nov 16'],
      ['$101.00', '$101.50', '$102.00', '$102.50', '$103.00'],
    ]);
    expectLegibleAxes(container, width);
  });
});
