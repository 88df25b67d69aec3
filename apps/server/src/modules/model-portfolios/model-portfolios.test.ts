import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';
import { modelMessages } from '@meridian/domain/shared/advice-messages';
import { riskBands, type ModelListResponse, type ModelPortfolio } from '@meridian/domain/model-portfolios/contracts';
import { auditLog } from '../../db/schema/audit.ts';
import { api, call, demo } from '../../test/api.ts';
import { describeEachDatabase } from '../../test/harness.ts';
import { colleague, newAdvisorFirm, session, type Session } from '../../test/fixtures/clients.fixtures.ts';
import { insertClient, openPortfolio, securityBySymbol } from '../../test/fixtures/portfolios.fixtures.ts';
import { starterModels } from './starter-models.service.ts';

describeEachDatabase('model portfolios', (t) => {
  let app: FastifyInstance;
  let advisor: Session;
  let partner: Session;
  let outsider: Session;

  beforeAll(async () => {
    app = await t.buildApp({ rateLimitMax: 100_000 });
    advisor = await newAdvisorFirm(app);
    partner = await colleague(app, t.db, advisor.firmId);
    outsider = await newAdvisorFirm(app);
  });

  const models = async (who: Session, query = '') => {
    const response = await call(app, 'GET', api(`/model-portfolios${query}`), { token: who.token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as ModelListResponse;
  };
  const create = (who: Session, body: unknown) => call(app, 'POST', api('/model-portfolios'), { token: who.token, body });
  const messagesOf = (body: { detail: Array<{ msg: string }> }) => body.detail.map((issue) => issue.msg);
  const assetClassBody = {
    name: 'Sixty-forty',
    risk_band: 'moderate',
    targets: [
      { asset_class: 'equity', weight: 0.6 },
      { asset_class: 'fixed_income', weight: 0.4 },
    ],
  };

  it('gives every new practice five starter models, conservative to aggressive, made of index funds', async () => {
    const list = await models(advisor);
    expect(list.total).toBe(5);
    expect(list.models.map((model) => model.risk_band)).toEqual([...riskBands]);
    expect(list.models.map((model) => model.name)).toEqual(starterModels.map((model) => model.name));
    for (const model of list.models) {
      expect(model).toMatchObject({ target_kind: 'security', drift_band: 0.05, followers: 0 });
      expect(model.targets.reduce((sum, target) => sum + target.weight, 0)).toBeCloseTo(1, 8);
    }
    expect((await models(advisor, '?risk_band=aggressive')).models.map((model) => model.name)).toEqual(['Aggressive Growth']);
  });

  it('creates, changes and deletes a model, each change audited; a stale version is 409 with the current model', async () => {
    const created = await create(advisor, { ...assetClassBody, description: 'Classic balanced' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const model = created.body as ModelPortfolio;
    expect(model).toMatchObject({
      name: 'Sixty-forty',
      target_kind: 'asset_class',
      drift_band: 0.05,
      sync_version: 1,
      description: 'Classic balanced',
    });
    expect(model.targets).toEqual([
      { asset_class: 'equity', security: null, weight: 0.6 },
      { asset_class: 'fixed_income', security: null, weight: 0.4 },
    ]);
    // A colleague in the firm sees and edits it; another firm does not see it.
    const vti = await securityBySymbol(t.db, 'VTI');
    const updated = await call(app, 'PUT', api(`/model-portfolios/${model.id}`), {
      token: partner.token,
      body: { sync_version: 1, drift_band: 0.03, targets: [{ security_id: vti.id, weight: 1 }] },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({
      drift_band: 0.03,
      target_kind: 'security',
      sync_version: 2,
      targets: [{ security: { symbol: 'VTI' }, weight: 1 }],
    });
    const stale = await call(app, 'PUT', api(`/model-portfolios/${model.id}`), {
      token: advisor.token,
      body: { sync_version: 1, name: 'Too late' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ detail: modelMessages.modelChanged, current: { sync_version: 2, name: 'Sixty-forty' } });
    expect((await call(app, 'GET', api(`/model-portfolios/${model.id}`), { token: outsider.token })).status).toBe(404);
    expect((await call(app, 'DELETE', api(`/model-portfolios/${model.id}`), { token: outsider.token })).status).toBe(404);

    // Followed, it cannot be deleted; unfollowed, it can.
    const client = await insertClient(t.db, advisor);
    const portfolio = await openPortfolio(app, advisor.token, client.id, { model_id: model.id });
    expect(portfolio.model_id).toBe(model.id);
    expect((await call(app, 'GET', api(`/model-portfolios/${model.id}`), { token: advisor.token })).body).toMatchObject({ followers: 1 });
    const refused = await call(app, 'DELETE', api(`/model-portfolios/${model.id}`), { token: advisor.token });
    expect(refused).toMatchObject({ status: 409, body: { detail: modelMessages.modelInUse(1) } });
    const unfollowed = await call(app, 'PUT', api(`/portfolios/${portfolio.id}`), {
      token: advisor.token,
      body: { model_id: null, sync_version: portfolio.sync_version },
    });
    expect(unfollowed.body).toMatchObject({ model_id: null });
    expect((await call(app, 'DELETE', api(`/model-portfolios/${model.id}`), { token: advisor.token })).status).toBe(204);
    expect((await call(app, 'GET', api(`/model-portfolios/${model.id}`), { token: advisor.token })).status).toBe(404);
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.entityId, model.id)).orderBy(desc(auditLog.createdAt))).map(
      (row) => row.action,
    );
    expect(actions).toEqual(['model deleted', 'model updated', 'model created']);
  });

  it('refuses targets that do not add up, mix kinds, repeat or name unknown securities, and changes nothing', async () => {
    const before = (await models(advisor)).total;
    const cases: Array<[unknown, string]> = [
      [
        {
          ...assetClassBody,
          targets: [
            { asset_class: 'equity', weight: 0.6 },
            { asset_class: 'fixed_income', weight: 0.3 },
          ],
        },
        modelMessages.weightSum(0.9),
      ],
      [
        {
          ...assetClassBody,
          targets: [
            { asset_class: 'equity', weight: 0.5 },
            { asset_class: 'equity', weight: 0.5 },
          ],
        },
        modelMessages.targetDuplicate,
      ],
      [
        {
          ...assetClassBody,
          targets: [
            { asset_class: 'equity', weight: 0.5 },
            { security_id: '00000000-0000-4000-8000-000000000000', weight: 0.5 },
          ],
        },
        modelMessages.targetKindsMixed,
      ],
      [{ ...assetClassBody, targets: [{ weight: 1 }] }, modelMessages.targetKindRequired],
      [{ ...assetClassBody, targets: [] }, modelMessages.targetsRequired],
      [{ ...assetClassBody, targets: [{ asset_class: 'equity', weight: 1.5 }] }, modelMessages.weightInvalid],
      [{ ...assetClassBody, targets: [{ asset_class: 'crypto', weight: 1 }] }, modelMessages.assetClassInvalid],
      [{ ...assetClassBody, risk_band: 'yolo' }, modelMessages.riskBandInvalid],
      [{ ...assetClassBody, drift_band: 0.5 }, modelMessages.driftBandInvalid],
      [{ ...assetClassBody, name: ' ' }, modelMessages.nameRequired],
      [{ ...assetClassBody, targets: [{ security_id: '00000000-0000-4000-8000-000000000000', weight: 1 }] }, modelMessages.securityUnknown],
    ];
    for (const [body, message] of cases) {
      const response = await create(advisor, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(messagesOf(response.body)).toContain(message);
    }
    expect((await create(advisor, { ...assetClassBody, name: 'Balanced Growth' })).body.detail[0]).toMatchObject({
      loc: ['body', 'name'],
      msg: modelMessages.nameTaken,
    });
    expect((await models(advisor)).total).toBe(before);
  });

  it('lets a portfolio follow only a model of its own firm', async () => {
    const foreign = (await models(outsider)).models[0]!;
    const client = await insertClient(t.db, advisor);
    const response = await call(app, 'POST', api('/portfolios'), {
      token: advisor.token,
      body: { client_id: client.id, name: 'Foreign model', account_type: 'taxable', model_id: foreign.id },
    });
    expect(response.status).toBe(422);
    expect(response.body.detail[0]).toMatchObject({ loc: ['body', 'model_id'], msg: portfolioMessages.modelInvalid });
  });

  it('is for staff: a client user is refused', async () => {
    const jordan = await session(app, demo.client);
    expect(await call(app, 'GET', api('/model-portfolios'), { token: jordan.token })).toMatchObject({
      status: 403,
      body: { detail: modelMessages.staffOnly },
    });
    expect((await create(jordan, assetClassBody)).status).toBe(403);
  });
});
