import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectLegibleAxes, sizeCharts, tickLabels } from '../../../test/chart-axes.ts';
import { FrontierChart } from './frontier-chart.tsx';

const width = 390;
beforeEach(() => sizeCharts(width));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const frontier = Array.from({ length: 20 }, (_, index) => ({
  volatility: 0.042 + index * 0.0075,
  expected_return: 0.015 + index * 0.0068,
}));

describe("the builder's FrontierChart", () => {
  it('ticks volatility and return in round percentages, each once, with room for the last', () => {
    const { container } = render(
      <FrontierChart
        frontier={frontier}
        singles={[{ symbol: 'GLD', volatility: 0.143, expected_return: 0.058 }]}
        mix={{ volatility: 0.102, expected_return: 0.089 }}
        singlesLabel="Each security alone"
      />,
    );
    expect(tickLabels(container)).toEqual([
      ['0%', '5%', '10%', '15%', '20%'],
      ['0%', '5%', '10%', '15%'],
    ]);
    expectLegibleAxes(container, width);
  });
});
