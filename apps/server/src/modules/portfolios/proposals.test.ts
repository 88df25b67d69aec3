import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';
import type { PortfolioDetail } from '@meridian/domain/portfolios/contracts';
import { api, call } from '../../test/api.ts';
import { describeEachDatabase } from '../../test/harness.ts';
import { demoSessions, insertClient, securityBySymbol, type Session } from '../../test/fixtures/portfolios.fixtures.ts';

describeEachDatabase('portfolio proposals', (t) => {
  let app: FastifyInstance;
  let alex: Session;
  let priya: Session;

  beforeAll(async () => {
    app = await t.buildApp({ rateLimitMax: 100_000 });
    ({ alex, priya } = await demoSessions(app));
  });

  const propose = (who: Session, body: unknown) => call(app, 'POST', api('/portfolios/proposals'), { token: who.token, body });

  it('opens a proposed portfolio, funds it and buys whole shares of each security for its weight', async () => {
    const client = await insertClient(t.db, alex);
    const [vti, agg] = await Promise.all([securityBySymbol(t.db, 'VTI'), securityBySymbol(t.db, 'AGG')]);
    const response = await propose(alex, {
      client_id: client.id,
      name: 'Balanced proposal',
      account_type: 'ira',
      amount: 100_000,
      targets: [
        { security_id: vti.id, weight: 0.6 },
        { security_id: agg.id, weight: 0.35 },
      ],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const proposal = response.body as PortfolioDetail;
    expect(proposal).toMatchObject({ status: 'proposed', name: 'Balanced proposal', client_id: client.id, holdings_count: 2 });
    const quantityOf = (id: string) => proposal.holdings.find((holding) => holding.security.id === id)?.quantity;
    expect(quantityOf(vti.id)).toBe(Math.floor(60_000 / vti.lastClose!));
    expect(quantityOf(agg.id)).toBe(Math.floor(35_000 / agg.lastClose!));
    // What the weights and whole shares leave is cash.
    expect(proposal.total_value).toBeCloseTo(100_000, 2);
    expect(proposal.cash_balance).toBeGreaterThanOrEqual(5000);
  });

  it('refuses weights over 100 %, an unknown security and a client out of reach, creating nothing', async () => {
    const client = await insertClient(t.db, alex);
    const vti = await securityBySymbol(t.db, 'VTI');
    const base = { client_id: client.id, name: 'P', account_type: 'taxable', amount: 1000 };
    const over = await propose(alex, {
      ...base,
      targets: [
        { security_id: vti.id, weight: 0.7 },
        { security_id: vti.id, weight: 0.7 },
      ],
    });
    expect(over.status).toBe(422);
    expect(over.body.detail[0].msg).toBe(portfolioMessages.proposalWeightsOver);
    const unknown = await propose(alex, { ...base, targets: [{ security_id: '00000000-0000-4000-8000-000000000000', weight: 1 }] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail[0]).toMatchObject({ loc: ['body', 'targets', 0, 'security_id'], msg: portfolioMessages.securityNotFound });
    const noAmount = await propose(alex, { ...base, amount: 0, targets: [{ security_id: vti.id, weight: 1 }] });
    expect(noAmount.body.detail[0].msg).toBe(portfolioMessages.proposalAmountInvalid);
    expect((await propose(priya, { ...base, targets: [{ security_id: vti.id, weight: 1 }] })).status).toBe(404);
    const list = await call(app, 'GET', api(`/portfolios?client_id=${client.id}`), { token: alex.token });
    expect(list.body.total).toBe(0);
  });
});
