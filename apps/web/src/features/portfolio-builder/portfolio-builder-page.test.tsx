import { defaultBandRanges, defaultExpectedReturns } from '@meridian/domain/optimization/capital-markets';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';
import { modelMessages } from '@meridian/domain/shared/advice-messages';
import type { ModelPortfolio } from '@meridian/domain/model-portfolios/contracts';
import { jsonResponse, renderScreen, sampleUser } from '../../test/test-utils.tsx';
import { loginSuccess } from '../session/index.ts';
import { clientId, samplePortfolio, StubResizeObserver, stubServer, type RecordedCall } from '../../test/portfolios.fixtures.ts';
import { PortfolioBuilderPage } from './portfolio-builder-page.tsx';
import { fundId, modelId, sampleModel, searchAnswer, statisticsOf } from './test/builder.fixtures.ts';

beforeEach(() => vi.stubGlobal('ResizeObserver', StubResizeObserver));
afterEach(() => vi.unstubAllGlobals());

/** Debounced searches, lazy chunks and a loaded two-core machine: more than the default second. */
const slow = { timeout: 5000 };
const path = '/portfolio-builder';

type Handler = (call: RecordedCall) => Response;
type Routes = { models?: ModelPortfolio[]; createModel?: Handler; updateModel?: Handler; proposal?: Handler; assumptions?: boolean };

const created = (call: RecordedCall) =>
  jsonResponse({ ...sampleModel(), id: 'new-model', name: (call.body as { name: string }).name, sync_version: 1 }, 201);

/** The builder's API: the securities search and statistics over the fixtures' five funds, models, clients and the two saves. */
function server(routes: Routes = {}) {
  return stubServer((url, init) => {
    const call = { url, ...init };
    const route = url.pathname.replace('/api/v1', '');
    if (route === '/securities/search')
      return jsonResponse(searchAnswer(url.searchParams.get('q') ?? '', Number(url.searchParams.get('limit'))));
    if (route === '/securities/statistics') return jsonResponse(statisticsOf((init.body as { security_ids: string[] }).security_ids));
    if (route === '/capital-market-assumptions' && routes.assumptions)
      return jsonResponse({
        expected_returns: defaultExpectedReturns,
        band_ranges: defaultBandRanges,
        risk_free_rate: 0.04,
        defaults: true,
        sync_version: 1,
        updated_at: null,
      });
    if (route === '/model-portfolios' && init.method === 'GET') {
      const models = routes.models ?? [];
      return jsonResponse({ models, total: models.length, page: 1, per_page: 100, pages: 1 });
    }
    if (route === '/model-portfolios' && init.method === 'POST') return (routes.createModel ?? created)(call);
    if (route.startsWith('/model-portfolios/') && init.method === 'PUT')
      return routes.updateModel?.(call) ?? jsonResponse(sampleModel({ sync_version: 4 }));
    if (route === '/portfolios/proposals')
      return (
        routes.proposal?.(call) ?? jsonResponse({ ...samplePortfolio({ status: 'proposed', name: 'Lopez Growth' }), holdings: [] }, 201)
      );
    if (route === '/clients')
      return jsonResponse({
        clients: [{ id: clientId, first_name: 'Maria', last_name: 'Lopez', email: 'maria@example.com' }],
        total: 1,
        page: 1,
        per_page: 20,
        pages: 1,
      });
    return jsonResponse({ detail: 'Not found' }, 404);
  });
}

const statisticsCalls = (calls: RecordedCall[]) => calls.filter((call) => call.url.pathname.endsWith('/securities/statistics'));
const posts = (calls: RecordedCall[], route: string) => calls.filter((call) => call.method !== 'GET' && call.url.pathname.endsWith(route));
const figure = (testId: string) => screen.getByTestId(testId).textContent;
const weightField = (label: string) => screen.getByRole('textbox', { name: `${label} weight in percent` }) as HTMLInputElement;
const helperOf = (id: string) => document.getElementById(`${id}-helper-text`)?.textContent;

async function addSecurity(symbol: string) {
  const search = screen.getByRole('combobox', { name: 'Add a security' });
  // Unfocused, the search box puts back its empty value.
  act(() => search.focus());
  fireEvent.change(search, { target: { value: symbol } });
  fireEvent.click(await screen.findByTestId(`security-option-${symbol}`, {}, slow));
  await screen.findByRole('textbox', { name: `${symbol} weight in percent` });
}

function setWeights(weights: Record<string, string>) {
  for (const [label, value] of Object.entries(weights)) fireEvent.change(weightField(label), { target: { value } });
}

async function chooseOption(label: string, option: string | RegExp) {
  await waitFor(() => expect(screen.getByRole('combobox', { name: label }).getAttribute('aria-disabled')).toBeNull());
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

/** VTI and AGG added and weighted 60/40, the figures shown. */
async function buildSixtyForty(calls: RecordedCall[]) {
  await addSecurity('VTI');
  await addSecurity('AGG');
  setWeights({ VTI: '60', AGG: '40' });
  await waitFor(() => expect(figure('figure-volatility')).toBe('10.00%'), slow);
  expect(statisticsCalls(calls).map((call) => call.body)).toEqual([
    { security_ids: [fundId('VTI')] },
    { security_ids: [fundId('VTI'), fundId('AGG')] },
  ]);
}

// Each test walks several debounced searches and MUI dialogs in jsdom: on a busy two-core machine one can pass the 15 s default.
describe('portfolio builder', { timeout: 30_000 }, () => {
  it('moves the expected return, volatility and Sharpe ratio as a weight changes, without asking for statistics again', async () => {
    const calls = server();
    renderScreen(<PortfolioBuilderPage />, { path });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Portfolio Builder');
    await buildSixtyForty(calls);
    // 0.6 × 9 % + 0.4 × 3 %; variance 0.36 × 0.0256 + 0.16 × 0.0025 + 2 × 0.24 × 0.1 × 0.16 × 0.05 = 0.01.
    expect(figure('figure-expected-return')).toBe('6.60%');
    expect(figure('figure-sharpe')).toBe('0.26');
    expect(screen.getByTestId('frontier-caption').textContent).toContain('This mix: 6.60% expected return at 10.00% volatility.');

    setWeights({ VTI: '40', AGG: '60' });
    expect(figure('figure-expected-return')).toBe('5.40%');
    expect(figure('figure-volatility')).toBe('7.33%');
    expect(screen.getByTestId('frontier-caption').textContent).toContain('This mix: 5.40% expected return at 7.33% volatility.');
    expect(statisticsCalls(calls)).toHaveLength(2);

    // The slider moves the same weight.
    setWeights({ AGG: '59' });
    fireEvent.keyDown(screen.getByRole('slider', { name: 'VTI weight' }), { key: 'ArrowUp' });
    expect(weightField('VTI').value).toBe('41');
    expect(figure('figure-expected-return')).toBe('5.46%');

    // A removal computes from the answer already there.
    fireEvent.click(screen.getByRole('button', { name: 'Remove AGG' }));
    // What the weights leave is cash at the risk-free rate: 0.41 × 9 % + 0.59 × 4 %.
    expect(figure('figure-expected-return')).toBe('6.05%');
    expect(statisticsCalls(calls)).toHaveLength(2);
  });

  it('adds up the weights, refuses to save short of 100 % and scales them to 100 %', async () => {
    server();
    renderScreen(<PortfolioBuilderPage />, { path });
    await addSecurity('VTI');
    expect(weightField('VTI').value).toBe('100');
    await addSecurity('AGG');
    expect(weightField('AGG').value).toBe('0');
    setWeights({ VTI: '30', AGG: '15' });
    expect(figure('figure-total')).toBe('45.00 %');
    expect(screen.getByText('The weights must add up to 100 % to save.')).toBeVisible();
    expect((screen.getByRole('button', { name: 'Save as model' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Save as proposal' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Scale to 100 %' }));
    expect([weightField('VTI').value, weightField('AGG').value]).toEqual(['66.67', '33.33']);
    expect(figure('figure-total')).toBe('100.00 %');
    expect((screen.getByRole('button', { name: 'Save as model' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Scale to 100 %' }) as HTMLButtonElement).disabled).toBe(true);

    setWeights({ AGG: 'abc' });
    expect(screen.getByText('Enter 0 to 100')).toBeVisible();
    expect(figure('figure-total')).toBe('66.67 %');
  });

  it('saves a new model with fractional weights, showing a 422 message under its field', async () => {
    let answers = 0;
    const calls = server({
      createModel: (call) =>
        (answers += 1) === 1
          ? jsonResponse({ detail: [{ type: 'custom', loc: ['body', 'name'], msg: modelMessages.nameTaken, input: 'x' }] }, 422)
          : created(call),
    });
    renderScreen(<PortfolioBuilderPage />, { path });
    await buildSixtyForty(calls);
    fireEvent.click(screen.getByRole('button', { name: 'Save as model' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save as a model' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(helperOf('model-name')).toBe(modelMessages.nameRequired));
    expect(posts(calls, '/model-portfolios')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Model name'), { target: { value: ' Core 60/40 ' } });
    await chooseOption('Risk band', 'Moderately aggressive');
    fireEvent.change(within(dialog).getByLabelText('Description (optional)'), { target: { value: 'Two funds' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(helperOf('model-name')).toBe(modelMessages.nameTaken));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.getByTestId('builder-notice').textContent).toBe('The model Core 60/40 is saved.'));
    const sent = posts(calls, '/model-portfolios');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body).toEqual({
      name: 'Core 60/40',
      description: 'Two funds',
      risk_band: 'moderately_aggressive',
      drift_band: 0.05,
      targets: [
        { security_id: fundId('VTI'), weight: 0.6 },
        { security_id: fundId('AGG'), weight: 0.4 },
      ],
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('edits a loaded model with its sync_version and, on a 409, offers their version', async () => {
    const theirs = sampleModel({ sync_version: 4 }, [0.7, 0.3]);
    const calls = server({
      models: [sampleModel()],
      updateModel: () => jsonResponse({ detail: modelMessages.modelChanged, current: theirs }, 409),
    });
    renderScreen(<PortfolioBuilderPage />, { path });
    await chooseOption('Load a model', /Balanced Growth/);
    await waitFor(() => expect(weightField('VTI').value).toBe('60'));
    expect(weightField('AGG').value).toBe('40');
    expect(screen.getByText('Editing the model Balanced Growth')).toBeVisible();
    setWeights({ VTI: '50', AGG: '50' });

    fireEvent.click(screen.getByRole('button', { name: 'Save as model' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save the model Balanced Growth' });
    expect((within(dialog).getByLabelText('Model name') as HTMLInputElement).value).toBe('Balanced Growth');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const conflict = await screen.findByTestId('model-conflict');
    expect(conflict.textContent).toContain(modelMessages.modelChanged);
    expect(conflict.textContent).toContain('VTI 70 %, AGG 30 %');
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url.pathname).toBe(`/api/v1/model-portfolios/${modelId}`);
    expect(put.body).toMatchObject({
      sync_version: 3,
      targets: [
        { security_id: fundId('VTI'), weight: 0.5 },
        { security_id: fundId('AGG'), weight: 0.5 },
      ],
    });

    fireEvent.click(within(conflict).getByRole('button', { name: 'Load their version' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect([weightField('VTI').value, weightField('AGG').value]).toEqual(['70', '30']);
    fireEvent.click(screen.getByRole('button', { name: 'Save as model' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'PUT')[1]!.body).toMatchObject({ sync_version: 4 });
  });

  it('saves a proposal for a client and links to its portfolio', async () => {
    const calls = server();
    renderScreen(<PortfolioBuilderPage />, { path });
    await buildSixtyForty(calls);
    fireEvent.click(screen.getByRole('button', { name: 'Save as proposal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save as a proposal for a client' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create proposal' }));
    await waitFor(() => expect(helperOf('proposal-client')).toBe(portfolioMessages.clientRequired));
    expect(helperOf('proposal-amount')).toBe(portfolioMessages.proposalAmountInvalid);
    expect(posts(calls, '/portfolios/proposals')).toHaveLength(0);

    await chooseOption('Client', /Maria Lopez/);
    fireEvent.change(within(dialog).getByLabelText('Portfolio name'), { target: { value: 'Lopez Growth' } });
    await chooseOption('Account type', 'Roth IRA');
    fireEvent.change(within(dialog).getByLabelText('Amount to invest'), { target: { value: '$50,000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create proposal' }));

    const notice = await screen.findByTestId('builder-notice');
    expect(notice.textContent).toContain('The proposal Lopez Growth for Maria Lopez is saved.');
    expect(within(notice).getByRole('link', { name: 'Open the proposal' }).getAttribute('href')).toBe(
      `/portfolios/${samplePortfolio().id}`,
    );
    expect(posts(calls, '/portfolios/proposals')[0]!.body).toEqual({
      client_id: clientId,
      name: 'Lopez Growth',
      account_type: 'roth_ira',
      amount: 50000,
      model_id: null,
      targets: [
        { security_id: fundId('VTI'), weight: 0.6 },
        { security_id: fundId('AGG'), weight: 0.4 },
      ],
    });
  });

  it('shows a server refusal of a proposal above the form', async () => {
    const calls = server({
      proposal: () =>
        jsonResponse(
          { detail: [{ type: 'custom', loc: ['body', 'targets', 1, 'security_id'], msg: portfolioMessages.securityNotFound }] },
          422,
        ),
    });
    renderScreen(<PortfolioBuilderPage />, { path });
    await buildSixtyForty(calls);
    fireEvent.click(screen.getByRole('button', { name: 'Save as proposal' }));
    const dialog = await screen.findByRole('dialog');
    await chooseOption('Client', /Maria Lopez/);
    fireEvent.change(within(dialog).getByLabelText('Portfolio name'), { target: { value: 'Lopez Growth' } });
    await chooseOption('Account type', 'Roth IRA');
    fireEvent.change(within(dialog).getByLabelText('Amount to invest'), { target: { value: '50000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create proposal' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(portfolioMessages.securityNotFound));
  });

  it('weighs the five asset classes with their funds, optimises for a band and saves asset-class targets', async () => {
    const calls = server();
    renderScreen(<PortfolioBuilderPage />, { path });
    fireEvent.click(screen.getByRole('button', { name: 'Asset classes' }));
    expect(screen.queryByRole('button', { name: 'Save as proposal' })).toBeNull();
    setWeights({ Equity: '60', 'Fixed income': '40' });
    await waitFor(() => expect(figure('figure-volatility')).toBe('10.00%'), slow);
    expect(statisticsCalls(calls).map((call) => call.body)).toEqual([
      { security_ids: (['VTI', 'AGG', 'SGOV', 'GLD', 'VNQ'] as const).map(fundId) },
    ]);
    expect(screen.getByTestId('weight-row-Cash').textContent).toContain('Figures from SGOV');

    await chooseOption('Risk band to optimise for', 'Moderately aggressive');
    fireEvent.click(screen.getByRole('button', { name: 'Optimise for the band' }));
    // The moderately aggressive band aims at 14 % volatility.
    await waitFor(() => expect(figure('figure-total')).toBe('100.00 %'));
    expect(Number.parseFloat(figure('figure-volatility') ?? '')).toBeCloseTo(14, 1);

    setWeights({ Equity: '50', 'Fixed income': '30', Cash: '20', Alternative: '0', 'Real estate': '0' });
    fireEvent.click(screen.getByRole('button', { name: 'Save as model' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Model name'), { target: { value: 'Classes' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByTestId('builder-notice');
    expect(posts(calls, '/model-portfolios')[0]!.body).toMatchObject({
      risk_band: 'moderately_aggressive',
      targets: [
        { asset_class: 'equity', weight: 0.5 },
        { asset_class: 'fixed_income', weight: 0.3 },
        { asset_class: 'cash', weight: 0.2 },
      ],
    });
  });

  it("optimises asset classes for a band within the firm's ranges for each class", async () => {
    server({ assumptions: true });
    renderScreen(<PortfolioBuilderPage />, { path });
    fireEvent.click(screen.getByRole('button', { name: 'Asset classes' }));
    setWeights({ Equity: '60', 'Fixed income': '40' });
    await waitFor(() => expect(figure('figure-volatility')).toBe('10.00%'), slow);
    await chooseOption('Risk band to optimise for', 'Moderate');
    fireEvent.click(screen.getByRole('button', { name: 'Optimise for the band' }));
    await waitFor(() => expect(figure('figure-total')).toBe('100.00 %'));
    // The fixtures' real estate expects 7 % a year, more than the bonds' 3 %: without the ranges it would
    // take far more than the moderate band's 8 %. Moderate: US stocks 25–45 %, core bonds 20–45 %,
    // REITs at most 8 %, gold at most 5 %, cash at most 10 % (whole percents after rounding).
    const weight = (label: string) => Number.parseFloat(weightField(label).value);
    expect(weight('Equity')).toBeGreaterThanOrEqual(25);
    expect(weight('Equity')).toBeLessThanOrEqual(45);
    expect(weight('Fixed income')).toBeGreaterThanOrEqual(20);
    expect(weight('Fixed income')).toBeLessThanOrEqual(45);
    expect(weight('Real estate')).toBeLessThanOrEqual(8);
    expect(weight('Alternative')).toBeLessThanOrEqual(5);
    expect(weight('Cash')).toBeLessThanOrEqual(10);
  });

  it('tells a client user the builder is for advisors', async () => {
    server();
    const { store } = renderScreen(<PortfolioBuilderPage />, { path });
    act(() => void store.dispatch(loginSuccess({ user: { ...sampleUser, role_name: 'client' }, accessToken: 'access-1' })));
    expect(screen.getByTestId('builder-staff-only').textContent).toContain("for the firm's advisors and administrators");
    expect(screen.queryByRole('combobox', { name: 'Add a security' })).toBeNull();
  });
});
