import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';
import { recommendationMessages } from '@meridian/domain/shared/advice-messages';
import type { Recommendation, RecommendationStatus } from '@meridian/domain/recommendations/contracts';
import { loginSuccess } from '../../session/index.ts';
import { PortfolioPage } from './portfolio-page.tsx';
import { sampleDetail, sampleHolding, StubResizeObserver, stubServer, type RecordedCall } from '../../../test/portfolios.fixtures.ts';
import { jsonResponse, renderScreen, sampleUser } from '../../../test/test-utils.tsx';
import { RecommendationsPanel } from '../../recommendations/index.ts';
import { clientId, listOf, portfolioId, sampleDetails, sampleRecommendation } from '../../../test/recommendations.fixtures.ts';

beforeEach(() => vi.stubGlobal('ResizeObserver', StubResizeObserver));
afterEach(() => vi.unstubAllGlobals());

type Routes = {
  list?: () => Response;
  generate?: () => Response | Promise<Response>;
  status?: (call: RecordedCall) => Response | undefined;
};

/** The recommendations API over `initial`: a status change succeeds (version + 1) unless `routes.status` answers otherwise. */
function server(initial: Recommendation[], routes: Routes = {}) {
  let current = initial;
  const calls = stubServer((url, init) => {
    const path = url.pathname;
    if (path === '/api/v1/recommendations') return routes.list?.() ?? jsonResponse(listOf(current));
    if (path === '/api/v1/recommendations/generate')
      return routes.generate?.() ?? jsonResponse({ recommendations: [], created: 0, refreshed: 0, unchanged: 0 });
    const status = /^\/api\/v1\/recommendations\/([^/]+)\/status$/.exec(path);
    if (status) {
      const refused = routes.status?.({ url, ...init });
      if (refused) return refused;
      const next = init.body as { status: RecommendationStatus };
      current = current.map((each) =>
        each.id === status[1] ? { ...each, status: next.status, sync_version: each.sync_version + 1 } : each,
      );
      return jsonResponse(current.find((each) => each.id === status[1]));
    }
    return jsonResponse({ detail: 'Not found' }, 404);
  });
  return calls;
}

const renderPanel = (props: { portfolioId?: string } = {}) => renderScreen(<RecommendationsPanel clientId={clientId} {...props} />);

const card = async (title: string) => (await screen.findByRole('article', { name: title })) as HTMLElement;
const cellsOf = (row: HTMLElement) => [...row.querySelectorAll('td')].map((cell) => cell.textContent);
const buttonsOf = (article: HTMLElement) =>
  within(article)
    .getAllByRole('button')
    .map((button) => button.textContent);

const pending = sampleRecommendation();
const accepted = sampleRecommendation({
  id: 'rec-2',
  status: 'accepted',
  title: 'Deploy cash in Lopez Taxable',
  type: 'deploy_cash',
  portfolio_name: 'Lopez Taxable',
  decided_at: '2026-11-19T10:00:00.000Z',
});
const rejected = sampleRecommendation({
  id: 'rec-3',
  status: 'rejected',
  title: 'Reduce NVDA in Lopez Taxable',
  type: 'reduce_concentration',
  model: null,
  decided_at: '2026-11-02T10:00:00.000Z',
});
const implemented = sampleRecommendation({
  id: 'rec-4',
  status: 'implemented',
  title: 'Rebalance Lopez IRA',
  implemented_at: '2026-10-01T10:00:00.000Z',
});

describe('recommendations panel: the list', () => {
  it("lists a client's recommendations with their type, status, portfolio, model and rationale", async () => {
    const calls = server([pending, accepted, rejected]);
    renderPanel();
    const first = await card(pending.title);
    expect(screen.getByRole('heading', { level: 2, name: 'Recommendations' })).toBeVisible();
    expect(within(first).getByRole('heading', { level: 3 }).textContent).toBe(pending.title);
    expect(within(first).getByTestId('recommendation-type').textContent).toBe('Rebalance');
    expect(within(first).getByTestId('recommendation-status').textContent).toBe('Pending');
    expect(within(first).getByTestId('recommendation-context').textContent).toBe(
      'Lopez Retirement · Model: Balanced Growth · Proposed Nov 20, 2026',
    );
    expect(within(first).getByText(pending.rationale)).toBeVisible();
    const second = await card(accepted.title);
    expect(within(second).getByTestId('recommendation-status').textContent).toBe('Accepted');
    expect(within(second).getByTestId('recommendation-context').textContent).toBe(
      'Lopez Taxable · Model: Balanced Growth · Accepted Nov 19, 2026',
    );
    expect(within(await card(rejected.title)).getByTestId('recommendation-context').textContent).toBe(
      'Lopez Retirement · No model · Rejected Nov 2, 2026',
    );
    const query = calls.find((call) => call.url.pathname === '/api/v1/recommendations')!.url.searchParams;
    expect(Object.fromEntries(query)).toEqual({ client_id: clientId, page: '1', per_page: '10' });
  });

  it('colours each status and names it in words', async () => {
    server([pending, accepted, rejected, implemented]);
    renderPanel();
    const chipOf = async (title: string) => within(await card(title)).getByTestId('recommendation-status');
    expect((await chipOf(pending.title)).className).toContain('colorWarning');
    expect((await chipOf(accepted.title)).className).toContain('colorInfo');
    expect((await chipOf(rejected.title)).className).toContain('colorDefault');
    expect((await chipOf(implemented.title)).className).toContain('colorSuccess');
    expect((await chipOf(implemented.title)).textContent).toBe('Implemented');
  });

  it('expands the details: trades with their estimated gains, totals, weights and drift', async () => {
    server([pending]);
    renderPanel();
    const article = await card(pending.title);
    const toggle = within(article).getByRole('button', { name: 'Show details' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(within(article).getByRole('button', { name: 'Hide details' }).getAttribute('aria-expanded')).toBe('true');
    const trades = within(article).getByRole('table', { name: `Trades: ${pending.title}` });
    expect(cellsOf(within(trades).getByTestId('trade-row-MSFT'))).toEqual([
      'Sell',
      'MSFTMicrosoft Corporation',
      '10',
      '$400.00',
      '$4,000.00',
      '-$120.50',
      '+$1,250.00',
    ]);
    expect(cellsOf(within(trades).getByTestId('trade-row-AGG'))).toEqual([
      'Buy',
      'AGGiShares Core US Aggregate Bond ETF',
      '41.5',
      '$98.50',
      '$4,087.75',
      '—',
      '—',
    ]);
    expect(within(article).getByTestId('recommendation-totals').textContent).toBe(
      'Sells$4,000.00Buys$4,087.75Est. short-term gain-$120.50Est. long-term gain+$1,250.00Cash$1,500.00 → $1,412.25',
    );
    const weights = within(article).getByRole('table', { name: `Weights: ${pending.title}` });
    expect(cellsOf(within(weights).getByTestId('weight-row-equity'))).toEqual(['Equity', '72.00%', '60.40%', '60.00%']);
    expect(within(article).getByTestId('recommendation-drift').textContent).toBe(
      'Largest distance from target: 12.30% now, 0.40% after the trades (band ±5.00%).',
    );
    expect(within(article).queryByText(/Tax-deferred/)).toBeNull();
    expect(within(article).queryByTestId('wash-sale-blocked')).toBeNull();
  });

  it('notes a tax-deferred account and the buys left out for the wash-sale rule', async () => {
    const details = sampleDetails({
      tax_deferred: true,
      wash_sale_blocked: [{ security_id: 'sec-vti', symbol: 'VTI', sold_on: '2026-11-02', until: '2026-12-03' }],
    });
    server([sampleRecommendation({ details })]);
    renderPanel();
    const article = await card(pending.title);
    fireEvent.click(within(article).getByRole('button', { name: 'Show details' }));
    expect(within(article).getByText('Tax-deferred account: the realised gains are not taxed now.')).toBeVisible();
    expect(within(article).getByTestId('wash-sale-blocked').textContent).toBe(
      'Not bought back, to avoid a wash sale (sold at a loss within 30 days):VTI, sold on Nov 2, 2026: not bought before Dec 3, 2026',
    );
  });

  it("lists one portfolio's recommendations without repeating its name, and says when there are none", async () => {
    const calls = server([]);
    renderPanel({ portfolioId });
    expect((await screen.findByTestId('recommendations-empty')).textContent).toBe(
      'No recommendations for this portfolio yet. Generate recommendations to review the portfolios against their models.',
    );
    expect(calls[0]!.url.searchParams.get('portfolio_id')).toBe(portfolioId);
    expect(calls[0]!.url.searchParams.has('client_id')).toBe(false);
  });

  it("shows the server's detail when the list cannot be fetched, else the spec's text", async () => {
    server([], { list: () => jsonResponse({ detail: 'Client not found' }, 404) });
    const first = renderPanel();
    expect(await screen.findByText('Client not found')).toBeVisible();
    first.unmount();
    server([], { list: () => new Response(null, { status: 500 }) });
    renderPanel();
    expect(await screen.findByText(portfolioMessages.fetchRecommendationsFailed)).toBeVisible();
  });
});

describe('recommendations panel: acting on them', () => {
  it('offers staff the next step of each status: accept or reject, mark implemented, nothing once final', async () => {
    server([pending, accepted, rejected, implemented]);
    renderPanel();
    expect(buttonsOf(await card(pending.title))).toEqual(['Show details', 'Reject', 'Accept']);
    expect(buttonsOf(await card(accepted.title))).toEqual(['Show details', 'Mark implemented']);
    expect(buttonsOf(await card(rejected.title))).toEqual(['Show details']);
    expect(buttonsOf(await card(implemented.title))).toEqual(['Show details']);
    expect(screen.getByRole('button', { name: 'Generate recommendations' })).toBeVisible();
  });

  it('shows a client user the recommendations read-only', async () => {
    server([pending, accepted]);
    const { store } = renderPanel();
    act(() => void store.dispatch(loginSuccess({ user: { ...sampleUser, role_name: 'client' }, accessToken: 'access-1' })));
    expect(buttonsOf(await card(pending.title))).toEqual(['Show details']);
    expect(buttonsOf(await card(accepted.title))).toEqual(['Show details']);
    expect(screen.queryByRole('button', { name: 'Generate recommendations' })).toBeNull();
  });

  it('accepts a pending recommendation with the version shown, and shows it accepted', async () => {
    const calls = server([pending]);
    renderPanel();
    fireEvent.click(within(await card(pending.title)).getByRole('button', { name: 'Accept' }));
    await waitFor(async () => expect(within(await card(pending.title)).getByTestId('recommendation-status').textContent).toBe('Accepted'));
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/v1/recommendations/rec-1/status');
    expect(put.body).toEqual({ status: 'accepted', sync_version: 1 });
    expect(buttonsOf(await card(pending.title))).toEqual(['Show details', 'Mark implemented']);
  });

  it('rejects a pending recommendation', async () => {
    const calls = server([pending]);
    renderPanel();
    fireEvent.click(within(await card(pending.title)).getByRole('button', { name: 'Reject' }));
    await waitFor(async () => expect(within(await card(pending.title)).getByTestId('recommendation-status').textContent).toBe('Rejected'));
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ status: 'rejected', sync_version: 1 });
  });

  it("shows on the card why a decision was refused: the server's detail, else the spec's text", async () => {
    server([pending, sampleRecommendation({ id: 'rec-5', title: 'Reduce AAPL in Lopez Retirement' })], {
      status: (call) =>
        call.url.pathname.includes('rec-1')
          ? jsonResponse({ detail: recommendationMessages.changed }, 409)
          : new Response(null, { status: 500 }),
    });
    renderPanel();
    const first = await card(pending.title);
    fireEvent.click(within(first).getByRole('button', { name: 'Accept' }));
    expect(await within(first).findByText(recommendationMessages.changed)).toBeVisible();
    const second = await card('Reduce AAPL in Lopez Retirement');
    expect(within(second).queryByRole('alert')).toBeNull();
    fireEvent.click(within(second).getByRole('button', { name: 'Reject' }));
    expect(await within(second).findByText(portfolioMessages.updateRecommendationStatusFailed)).toBeVisible();
    expect(within(first).queryByText(recommendationMessages.changed)).toBeNull();
  });

  it('marks an accepted recommendation implemented only after confirming that the trades go to the ledger', async () => {
    const calls = server([accepted]);
    renderPanel();
    fireEvent.click(within(await card(accepted.title)).getByRole('button', { name: 'Mark implemented' }));
    let dialog = screen.getByRole('dialog', { name: 'Implement recommendation' });
    expect(dialog.textContent).toContain(
      `Mark "${accepted.title}" implemented? Its 2 trades will be recorded in the ledger of Lopez Taxable at the latest close (sells $4,000.00, buys $4,087.75), changing its holdings and cash.`,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.click(within(await card(accepted.title)).getByRole('button', { name: 'Mark implemented' }));
    dialog = screen.getByRole('dialog', { name: 'Implement recommendation' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark implemented' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ status: 'implemented', sync_version: 1 });
    await waitFor(async () =>
      expect(within(await card(accepted.title)).getByTestId('recommendation-status').textContent).toBe('Implemented'),
    );
    expect(buttonsOf(await card(accepted.title))).toEqual(['Show details']);
  });

  it('keeps the confirmation open with the reason when the holdings no longer allow the trades', async () => {
    server([accepted], { status: () => jsonResponse({ detail: recommendationMessages.holdingsChanged }, 409) });
    renderPanel();
    fireEvent.click(within(await card(accepted.title)).getByRole('button', { name: 'Mark implemented' }));
    const dialog = screen.getByRole('dialog', { name: 'Implement recommendation' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark implemented' }));
    expect(await within(dialog).findByText(recommendationMessages.holdingsChanged)).toBeVisible();
    // Behind the open dialog, the card is as it was.
    expect(screen.getByTestId('recommendation-status').textContent).toBe('Accepted');
  });
});

describe('recommendations panel: the count', () => {
  const counts = () => screen.getByTestId('recommendation-counts').textContent;

  it('counts the cards shown by status', async () => {
    server([pending, accepted, rejected, implemented, sampleRecommendation({ id: 'rec-5', title: 'Reduce AAPL in Lopez Retirement' })]);
    renderPanel();
    await card(pending.title);
    expect(counts()).toBe('2 pending · 1 accepted · 1 rejected · 1 implemented');
    expect(screen.getAllByRole('article')).toHaveLength(5);
  });

  it('counts again, with the cards, after an accept and an implementation', async () => {
    server([pending, sampleRecommendation({ id: 'rec-5', title: 'Reduce AAPL in Lopez Retirement' }), accepted]);
    renderPanel();
    await card(pending.title);
    expect(counts()).toBe('2 pending · 1 accepted');

    fireEvent.click(within(await card(pending.title)).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(counts()).toBe('1 pending · 2 accepted'));
    expect(within(await card(pending.title)).getByTestId('recommendation-status').textContent).toBe('Accepted');

    fireEvent.click(within(await card(accepted.title)).getByRole('button', { name: 'Mark implemented' }));
    const dialog = screen.getByRole('dialog', { name: 'Implement recommendation' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark implemented' }));
    await waitFor(() => expect(counts()).toBe('1 pending · 1 accepted · 1 implemented'));
    expect(within(await card(accepted.title)).getByTestId('recommendation-status').textContent).toBe('Implemented');
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('shows no count when there are no cards', async () => {
    server([]);
    renderPanel();
    await screen.findByTestId('recommendations-empty');
    expect(screen.queryByTestId('recommendation-counts')).toBeNull();
  });
});

describe('recommendations panel: generating', () => {
  it("says 'Generating…' while the review runs, then what it did, and lists the new ones", async () => {
    let finish: (response: Response) => void = () => {};
    const created = sampleRecommendation({ id: 'rec-new', title: 'Deploy cash in Lopez Retirement', type: 'deploy_cash' });
    let generated = false;
    const calls = server([], {
      list: () => jsonResponse(listOf(generated ? [created, pending] : [])),
      generate: () =>
        new Promise<Response>((resolve) => {
          finish = (response) => {
            generated = true;
            resolve(response);
          };
        }),
    });
    renderPanel();
    await screen.findByTestId('recommendations-empty');
    fireEvent.click(screen.getByRole('button', { name: 'Generate recommendations' }));
    const busy = await screen.findByRole('button', { name: 'Generating…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    finish(jsonResponse({ recommendations: [created, pending], created: 2, refreshed: 1, unchanged: 0 }));
    expect(await screen.findByRole('status')).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('generate-result').textContent).toBe('2 new, 1 updated'));
    expect(await card(created.title)).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ client_id: clientId });
  });

  it("shows the server's reason when there is nothing to review, else the spec's text", async () => {
    let answer = () => jsonResponse({ detail: recommendationMessages.noPortfolios }, 422);
    server([], { generate: () => answer() });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Generate recommendations' }));
    expect(await screen.findByText(recommendationMessages.noPortfolios)).toBeVisible();
    answer = () => new Response(null, { status: 502 });
    fireEvent.click(screen.getByRole('button', { name: 'Generate recommendations' }));
    expect(await screen.findByText(portfolioMessages.generateRecommendationsFailed)).toBeVisible();
  });
});

describe('recommendations on the portfolio page', () => {
  it('implementing refreshes the holdings shown, as the trades were recorded in the ledger', async () => {
    const before = sampleDetail([sampleHolding()]);
    const after = sampleDetail([sampleHolding({ quantity: 20, market_value: 8000 })], { holdings_value: 8000 });
    let implementedOnServer = false;
    const recommendation = sampleRecommendation({ status: 'accepted', title: 'Reduce MSFT in Lopez Retirement' });
    stubServer((url, init) => {
      if (url.pathname === `/api/v1/portfolios/${portfolioId}`) return jsonResponse(implementedOnServer ? after : before);
      if (url.pathname === '/api/v1/recommendations')
        return jsonResponse(listOf([{ ...recommendation, status: implementedOnServer ? 'implemented' : 'accepted' }]));
      if (url.pathname.endsWith('/status') && init.method === 'PUT') {
        implementedOnServer = true;
        return jsonResponse({ ...recommendation, status: 'implemented' });
      }
      return jsonResponse({ detail: 'Not found' }, 404);
    });
    renderScreen(<PortfolioPage />, { path: '/portfolios/:portfolioId', at: `/portfolios/${portfolioId}` });
    expect(cellsOf(await screen.findByTestId('holding-row-MSFT'))[2]).toBe('30');
    const panel = screen.getByTestId('recommendations');
    expect((await within(panel).findByRole('article', { name: recommendation.title })).textContent).not.toContain('Lopez Retirement ·');
    fireEvent.click(await within(panel).findByRole('button', { name: 'Mark implemented' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Implement recommendation' })).getByRole('button', { name: 'Mark implemented' }),
    );
    await waitFor(() => expect(cellsOf(screen.getByTestId('holding-row-MSFT'))[2]).toBe('20'));
  });
});
