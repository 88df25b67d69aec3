import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { distribution } from '../../../test/assessments.fixtures.ts';
import { expectLegibleAxes, sizeCharts, tickLabels } from '../../../test/chart-axes.ts';
import { DistributionChart } from './distribution-chart.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('DistributionChart', () => {
  it('counts responses in whole steps from zero and labels as many bands as fit', () => {
    sizeCharts(320);
    const { container } = render(<DistributionChart bins={distribution([0, 0, 1, 0, 0, 2, 3, 1, 1, 2])} />);
    const [bands, counts] = tickLabels(container);
    expect(counts).toEqual(['0', '1', '2', '3']);
    // Ten bands' labels do not fit side by side at 320 px: every third is, from the first.
    expect(bands).toEqual(['0–10', '30–40', '60–70', '90–100']);
    expectLegibleAxes(container, 320);
  });
});
