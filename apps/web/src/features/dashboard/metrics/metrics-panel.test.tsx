import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/test-utils.tsx';
import { StubResizeObserver } from '../../../test/portfolios.fixtures.ts';
import { DashboardPage } from '../dashboard-page.tsx';
import { metricsAnswer, renderSignedIn, stubDashboardServer } from '../test/dashboard-fixtures.tsx';

beforeEach(() => vi.stubGlobal('ResizeObserver', StubResizeObserver));
afterEach(() => {
  vi.unstubAllGlobals();
});

const metric = (key: string) => within(screen.getByTestId(`metric-${key}`));

describe('performance metrics panel', () => {
  it('shows each metric with its value, target, change and a bar in the colour of its progress', async () => {
    stubDashboardServer();
    renderSignedIn(<DashboardPage />);
    expect(screen.getByRole('heading', { level: 2, name: 'Performance Metrics' })).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('metrics-period').textContent).toBe('Q4 2026'));

    expect(screen.getByTestId('metric-total_aum-value').textContent).toBe('$142.5M');
    expect(metric('total_aum').getByText('Target: $150M')).toBeVisible();
    expect(metric('total_aum').getByText('+$1.2M (+0.9%)')).toBeVisible();
    expect(metric('total_aum').getByText('vs Q3 2026')).toBeVisible();

    // Spec §9: green at 90 % or more, amber at 70 % or more, red below.
    const bar = (name: string) => screen.getByRole('progressbar', { name });
    expect(bar('Assets Under Management: 95% of target').getAttribute('data-tone')).toBe('success');
    expect(bar('Assets Under Management: 95% of target').className).toContain('MuiLinearProgress-colorSuccess');
    expect(bar('Active Clients: 75% of target').className).toContain('MuiLinearProgress-colorWarning');
    expect(bar('Assessments Completed to Date: 50% of target').className).toContain('MuiLinearProgress-colorError');
    expect(metric('completed_assessments').getByText('-2 (-1.0%)')).toBeVisible();
  });

  it("shows '—' and 'no feedback yet' without a bar for a metric with no value", async () => {
    stubDashboardServer();
    renderSignedIn(<DashboardPage />);
    await waitFor(() => expect(screen.getByTestId('metric-client_satisfaction-value').textContent).toBe('—'));
    expect(metric('client_satisfaction').getByText('no feedback yet')).toBeVisible();
    expect(metric('client_satisfaction').queryByRole('progressbar')).toBeNull();
  });

  it('fills the bar at the target and says how far past it the metric is', async () => {
    const [aum, ...rest] = metricsAnswer.data.metrics;
    stubDashboardServer({
      metrics: () => jsonResponse({ data: { ...metricsAnswer.data, metrics: [{ ...aum!, value: 180_000_000 }, ...rest] } }),
    });
    renderSignedIn(<DashboardPage />);
    // $180M of the $150M target: 120 %, the bar full.
    const bar = await screen.findByRole('progressbar', { name: 'Assets Under Management: 120% of target' });
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(metric('total_aum').getByText('120% of target')).toBeVisible();
    expect(bar.className).toContain('MuiLinearProgress-colorSuccess');
  });

  it('shows the quarters as charts on the Trends tab', async () => {
    stubDashboardServer();
    renderSignedIn(<DashboardPage />);
    await screen.findByTestId('metric-total_aum');
    fireEvent.click(screen.getByRole('tab', { name: 'Trends' }));
    expect(screen.getByRole('tab', { name: 'Trends' }).getAttribute('aria-selected')).toBe('true');
    const aumTrend = await screen.findByTestId('trend-total_aum', {}, { timeout: 10_000 });
    expect(within(aumTrend).getByText('$120M in Q1 2026, $142.5M in Q4 2026')).toBeVisible();
    expect(screen.getByTestId('trend-active_clients')).toBeVisible();
    expect(screen.getByTestId('trend-completed_assessments')).toBeVisible();
    expect(screen.queryByTestId('metric-total_aum')).toBeNull();
  });
});
