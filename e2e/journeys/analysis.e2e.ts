/**
 * Analysis journeys (issue 10: the dashboard, portfolio analytics and households) in the system
 * Chromium against the real product and its demo seed. Every figure on the screen is compared with
 * what the API answers.
 *
 * 1. An advisor signs in: the dashboard's four cards and its metrics show the API's live figures,
 *    and its client table shows each client's TWR over the period chosen.
 * 2. He opens one of his portfolios' analytics from the portfolio page: the value and benchmark
 *    chart and the drawdown chart are drawn, the returns table and the header show the API's
 *    figures; a household's analytics take its members' portfolios together. Every chart's axes
 *    (and the dashboard's trends') show a few labels, none twice and none cut off.
 * 3. He records a deposit on the portfolio: the analytics page and the dashboard's AUM follow,
 *    without a reload.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClientListResponse } from '@meridian/domain/clients/contracts';
import type {
  AumResponse,
  ClientCountResponse,
  BookPerformanceResponse,
  CompletedAssessmentsResponse,
} from '@meridian/domain/dashboard/contracts';
import type { HouseholdListResponse } from '@meridian/domain/households/contracts';
import type { PortfolioAnalytics } from '@meridian/domain/analytics/contracts';
import type { PortfolioListResponse } from '@meridian/domain/portfolios/contracts';
import { apiSession, type ApiSession } from '../support/api.ts';
import { snap } from '../support/browser.ts';
import { expectLegibleAxes } from '../support/chart-axes.ts';
import { compactDollars, dollars, signedPercent, signedReturn } from '../support/expected-figures.ts';
import { journeyFile } from '../support/journey.ts';
import { recordTransaction } from '../support/portfolio-forms.ts';
import { alex, signIn } from '../support/sign-in.ts';

const journey = journeyFile('analysis');
let api: ApiSession;

beforeAll(async () => {
  api = await apiSession(journey.server.url, alex);
});

/** A fraction as the analytics page shows it: signed, two decimals. */
const twoDecimals = (fraction: number) => signedPercent(fraction * 100);

async function dashboard(): Promise<Page> {
  const page = await journey.page();
  await signIn(page, alex);
  await page.getByRole('heading', { name: 'Advisor Dashboard', level: 1 }).waitFor();
  return page;
}

async function expectAumCard(page: Page): Promise<void> {
  const aum = await api.get<AumResponse>('/analytics/aum');
  await expect.poll(() => page.getByTestId('card-aum').textContent()).toContain(compactDollars(aum.data.total_aum));
}

describe('analysis', () => {
  it('1. the dashboard shows the live figures the API answers', async () => {
    const page = await dashboard();
    const [clients, assessments, performance, list] = await Promise.all([
      api.get<ClientCountResponse>('/analytics/clients/count'),
      api.get<CompletedAssessmentsResponse>('/analytics/assessments/completed?period=current'),
      api.get<BookPerformanceResponse>('/analytics/performance?period=1Y'),
      api.get<ClientListResponse>('/clients?sort=name&order=asc&per_page=5&performance_period=1Y'),
    ]);
    await expectAumCard(page);
    await expect.poll(() => page.getByTestId('card-clients').textContent()).toContain(String(clients.data.active_clients));
    // Questionnaires completed this quarter by the advisor's clients (the demo firm's span the past year).
    expect(assessments.data.available).toBe(true);
    await expect
      .poll(() => page.getByTestId('card-assessments').textContent())
      .toContain(`Assessments Completed${assessments.data.completed_assessments.toLocaleString('en-US')}`);
    await expect.poll(() => page.getByTestId('card-performance').textContent()).toContain(signedReturn(performance.data.twr ?? Number.NaN));
    await expect.poll(() => page.getByTestId('metrics-period').textContent()).toMatch(/^Q[1-4] \d{4}$/);
    await expect(page.getByText('no feedback yet').count()).resolves.toBe(1);

    // The client table: the first five clients by name, each with their 1Y TWR.
    const rows = page.getByTestId('client-row');
    await expect.poll(() => rows.count()).toBe(5);
    for (const [index, client] of list.clients.entries()) {
      const row = rows.nth(index);
      await expect.poll(() => row.textContent()).toContain(`${client.first_name} ${client.last_name}`);
      if (client.performance !== null) await expect.poll(() => row.textContent()).toContain(signedReturn(client.performance));
    }
    await snap(page, 'analysis-01-dashboard');

    await page.getByRole('tab', { name: 'Trends' }).click();
    for (const metric of ['total_aum', 'active_clients', 'completed_assessments']) {
      await page.getByTestId(`trend-${metric}`).locator('.MuiLineChart-line').waitFor();
      await expectLegibleAxes(page.getByTestId(`trend-${metric}`), `${metric} trend`);
    }
  });

  it('2. portfolio and household analytics draw their charts with the API figures', async () => {
    const page = await dashboard();
    const { portfolios } = await api.get<PortfolioListResponse>('/portfolios?sort=total_value&order=desc&per_page=1');
    const portfolio = portfolios[0]!;
    await page.goto(`/portfolios/${portfolio.id}`);
    await page.getByRole('heading', { name: portfolio.name, level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Analytics', exact: true }).click();
    await page.waitForURL(`**/portfolio-analytics?portfolio=${portfolio.id}`);
    await page.getByTestId('analytics-growth').locator('.MuiLineChart-line').first().waitFor();
    await page.getByTestId('analytics-drawdown').locator('.MuiLineChart-line').first().waitFor();
    const analytics = await api.get<PortfolioAnalytics>(`/portfolios/${portfolio.id}/analytics?period=1Y`);
    await expect.poll(() => page.getByTestId('analytics-market-value').textContent()).toContain(dollars(analytics.market_value));
    for (const row of analytics.returns) {
      await expect.poll(() => page.getByTestId(`return-row-${row.period}`).textContent()).toContain(twoDecimals(row.twr));
    }
    await expectLegibleAxes(page.getByTestId('analytics-growth'), 'portfolio growth');
    await expectLegibleAxes(page.getByTestId('analytics-drawdown'), 'portfolio drawdown');
    // One weight per position: the largest position reads as its slice by security does (of the total
    // value, cash included), cash is a slice of its own, and the benchmark is a total return.
    const largest = analytics.concentration!;
    const weight = `${(largest.largest_weight * 100).toFixed(2)}%`;
    await expect
      .poll(() => page.getByTestId('concentration-largest').textContent())
      .toBe(`Largest position${largest.largest_symbol} · ${weight}`);
    await expect.poll(() => page.getByTestId(`allocation-security-${largest.largest_symbol}`).textContent()).toContain(weight);
    if (analytics.cash > 0) {
      await expect.poll(() => page.getByTestId('allocation-security-CASH').count()).toBe(1);
      await expect.poll(() => page.getByTestId('allocation-sector-Cash').count()).toBe(1);
      await expect.poll(() => page.getByTestId('allocation-asset-class-cash').count()).toBe(1);
    }
    await expect
      .poll(() => page.getByTestId('analytics-benchmark-basis').textContent())
      .toContain('total return, distributions reinvested');
    await snap(page, 'analysis-02-portfolio-analytics');

    const { households } = await api.get<HouseholdListResponse>('/households?per_page=1');
    const household = households[0]!;
    await page.goto(`/households/${household.id}`);
    await page.getByRole('heading', { name: household.name, level: 1 }).waitFor();
    await page.getByRole('link', { name: 'View analytics' }).click();
    await page.getByTestId('analytics-growth').locator('.MuiLineChart-line').first().waitFor();
    const combined = await api.get<PortfolioAnalytics>(`/households/${household.id}/analytics?period=1Y`);
    expect(combined.scope.kind).toBe('household');
    await expect.poll(() => page.getByTestId('analytics-market-value').textContent()).toContain(dollars(combined.market_value));
    // The household's value moves little around its level: its axis still reads each tick once.
    await expectLegibleAxes(page.getByTestId('analytics-growth'), 'household growth');
    await snap(page, 'analysis-03-household-analytics');
  });

  it('3. a deposit moves the analytics and the dashboard without a reload', async () => {
    const page = await dashboard();
    await expectAumCard(page);
    const before = await api.get<AumResponse>('/analytics/aum');
    const { portfolios } = await api.get<PortfolioListResponse>('/portfolios?sort=name&order=asc&per_page=1&status=active');
    const portfolio = portfolios[0]!;

    // From here on, only the app's own links: a mark on the window survives unless a page loads.
    await page.evaluate(() => Object.assign(window, { journeyMark: 'no reload' }));
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Portfolios', exact: true }).click();
    await page.getByRole('link', { name: portfolio.name, exact: true }).first().click();
    await page.getByRole('heading', { name: portfolio.name, level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Analytics', exact: true }).click();
    await page.getByTestId('analytics-growth').locator('.MuiLineChart-line').first().waitFor();
    const valueBefore = (await api.get<PortfolioAnalytics>(`/portfolios/${portfolio.id}/analytics?period=1Y`)).market_value;
    await expect.poll(() => page.getByTestId('analytics-market-value').textContent()).toContain(dollars(valueBefore));

    await page.getByRole('link', { name: 'Open portfolio' }).click();
    await page.getByRole('heading', { name: portfolio.name, level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Transactions' }).click();
    await recordTransaction(page, { type: 'Deposit', amount: '2500000' });
    await page.getByRole('link', { name: 'Analytics', exact: true }).click();
    const after = await api.get<PortfolioAnalytics>(`/portfolios/${portfolio.id}/analytics?period=1Y`);
    expect(after.market_value).toBeCloseTo(valueBefore + 2_500_000, 2);
    await expect.poll(() => page.getByTestId('analytics-market-value').textContent()).toContain(dollars(after.market_value));

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.getByRole('heading', { name: 'Advisor Dashboard', level: 1 }).waitFor();
    expect((await api.get<AumResponse>('/analytics/aum')).data.total_aum).toBeCloseTo(before.data.total_aum + 2_500_000, 2);
    await expectAumCard(page);
    expect(await page.evaluate(() => (window as unknown as { journeyMark?: string }).journeyMark)).toBe('no reload');
    await snap(page, 'analysis-04-dashboard-after-deposit');
  });
});
