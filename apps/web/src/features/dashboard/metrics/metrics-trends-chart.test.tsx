import { render, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectLegibleAxes, sizeCharts, tickLabels } from '../../../test/chart-axes.ts';
import { metricsAnswer } from '../test/dashboard-fixtures.tsx';
import { MetricsTrendsChart } from './metrics-trends-chart.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const { trends } = metricsAnswer.data;
const chart = (key: string) => within(document.body).getByTestId(`trend-${key}`);

describe('MetricsTrendsChart', () => {
  it('labels each quarter briefly and each metric in its unit, none twice and the last one whole', () => {
    sizeCharts(320);
    render(<MetricsTrendsChart trends={trends} />);
    expect(tickLabels(chart('total_aum'))).toEqual([
      ["Q1 '26", "Q2 '26", "Q3 '26", "Q4 '26"],
      ['$120M', '$130M', '$140M', '$150M'],
    ]);
    expect(tickLabels(chart('active_clients'))[1]).toEqual(['40', '42', '44', '46', '48']);
    for (const key of ['total_aum', 'active_clients', 'completed_assessments']) expectLegibleAxes(chart(key), 320);
  });

  it('labels only as many quarters as fit the width', () => {
    sizeCharts(240);
    const eight = Array.from({ length: 8 }, (_, index) => ({
      ...trends[0]!,
      quarter: `Q${(index % 4) + 1} ${2025 + Math.floor(index / 4)}`,
      total_aum: 120_000_000 + index * 3_000_000,
    }));
    render(<MetricsTrendsChart trends={eight} />);
    // Every second or third quarter, from the first: at most six labels (expectLegibleAxes).
    const [quarters] = tickLabels(chart('total_aum'));
    expect(quarters![0]).toBe("Q1 '25");
    expect(quarters!.length).toBeLessThan(5);
    expectLegibleAxes(chart('total_aum'), 240);
  });
});
