import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectLegibleAxes, sizeCharts, tickLabels } from '../../../test/chart-axes.ts';
import { sampleOptimization } from '../../../test/recommendations.fixtures.ts';
import { FrontierChart } from './frontier-chart.tsx';

const width = 600;
beforeEach(() => sizeCharts(width));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// The frontier: volatility from 4.4% to 17.1%, returns from 6.6% to 12%.
const frontier = Array.from({ length: 25 }, (_, index) => ({
  volatility: 0.044 + index * 0.0053,
  expected_return: 0.066 + index * 0.00225,
}));

describe('FrontierChart', () => {
  it('ticks its percentages five points apart, each once, with room for the last', () => {
    const { container } = render(
      <FrontierChart
        optimization={{
          ...sampleOptimization,
          frontier,
          current: { volatility: 0.088, expected_return: 0.085 },
          optimal: { volatility: 0.11, expected_return: 0.097 },
        }}
      />,
    );
    expect(tickLabels(container)).toEqual([
      ['0%', '5%', '10%', '15%', '20%'],
      ['6%', '8%', '10%', '12%'],
    ]);
    expectLegibleAxes(container, width);
  });
});
