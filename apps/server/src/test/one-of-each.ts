import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { api, call } from './api.ts';
import { moderateModules } from './fixtures/ipq.fixtures.ts';

/** The ids of one record of each kind a path, a query or a body can name. */
export type RecordIds = {
  client: string;
  household: string;
  portfolio: string;
  holding: string;
  /** The buy in the portfolio's ledger. */
  transaction: string;
  /** An advisor (what `advisor_id` names). */
  user: string;
  security: string;
  /** A model portfolio of the firm, which the portfolio follows. */
  model: string;
  /** A pending recommendation about the portfolio. */
  recommendation: string;
  /** The client's investor questionnaire, its first three modules answered (so each module may be saved; the fourth completes it). */
  assessment: string;
  /** A questionnaire template of the firm, assigned to the client. */
  template: string;
};

/** One record of each kind, with the names that would show if an answer leaked it (the client's last name first). */
export type OneOfEach = { ids: RecordIds; names: [clientLastName: string, ...others: string[]] };

async function created(
  app: FastifyInstance,
  token: string,
  path: string,
  body: unknown,
): Promise<{ id: string; security?: { id: string } }> {
  const response = await call(app, 'POST', api(path), { token, body });
  if (response.status !== 201) throw new Error(`POST ${path} answered ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as { id: string };
}

/** The id of the client's investor questionnaire, started through the API as `token`. */
export async function startedQuestionnaire(app: FastifyInstance, token: string, clientId: string): Promise<string> {
  const response = await call(app, 'POST', api('/ipq/start'), { token, body: { clientId } });
  if (response.status !== 201 && response.status !== 200)
    throw new Error(`POST /ipq/start answered ${response.status} ${JSON.stringify(response.body)}`);
  return (response.body as { session_id: string }).session_id;
}

/**
 * Through the API, as a firm admin: a client of `advisorId`, heading a household, with a funded
 * portfolio holding one security (bought, so the ledger holds a deposit and a buy), a questionnaire
 * three modules in and a custom template assigned to them.
 */
export async function createOneOfEach(app: FastifyInstance, token: string, advisorId: string, symbol = 'AAPL'): Promise<OneOfEach> {
  const tag = randomBytes(4).toString('hex');
  const lastName = `Quillfeather${tag}`;
  const client = await created(app, token, '/clients', {
    first_name: 'Ottoline',
    last_name: lastName,
    email: `ottoline.${tag}@example.org`,
    advisor_id: advisorId,
    // A band agreed by hand, so the optimiser has one to work to.
    risk_band: 'moderate',
    risk_band_reason: 'Agreed at the first meeting.',
  });
  const householdName = `Quillfeather household ${tag}`;
  const household = await created(app, token, '/households', {
    name: householdName,
    advisor_id: advisorId,
    members: [{ client_id: client.id, role: 'head' }],
  });
  const modelName = `Quillfeather model ${tag}`;
  const model = await created(app, token, '/model-portfolios', {
    name: modelName,
    risk_band: 'moderate',
    targets: [
      { asset_class: 'equity', weight: 0.6 },
      { asset_class: 'fixed_income', weight: 0.4 },
    ],
  });
  const portfolioName = `Quillfeather account ${tag}`;
  const portfolio = await created(app, token, '/portfolios', {
    client_id: client.id,
    name: portfolioName,
    account_type: 'taxable',
    initial_deposit: 100_000,
    model_id: model.id,
  });
  const holding = await created(app, token, `/portfolios/${portfolio.id}/holdings`, { symbol, quantity: 10 });
  if (!holding.security) throw new Error('the holding names no security');
  const ledger = await call(app, 'GET', api(`/portfolios/${portfolio.id}/transactions?type=buy`), { token });
  const buy = (ledger.body as { transactions?: Array<{ id: string }> }).transactions?.[0];
  if (!buy) throw new Error(`GET /portfolios/{id}/transactions answered ${ledger.status} ${JSON.stringify(ledger.body)}`);
  // Mostly cash against a 60/40 model: the review recommends a change.
  const generated = await call(app, 'POST', api('/recommendations/generate'), { token, body: { client_id: client.id } });
  const recommendation = (generated.body as { recommendations?: Array<{ id: string }> }).recommendations?.[0];
  if (generated.status !== 200 || !recommendation)
    throw new Error(`POST /recommendations/generate answered ${generated.status} ${JSON.stringify(generated.body)}`);
  const assessment = await startedQuestionnaire(app, token, client.id);
  for (const n of [1, 2, 3] as const) {
    const answered = await call(app, 'POST', api(`/ipq/assessments/${assessment}/modules/${n}`), { token, body: moderateModules[n] });
    if (answered.status !== 200) throw new Error(`POST module ${n} answered ${answered.status} ${JSON.stringify(answered.body)}`);
  }
  const templateName = `Quillfeather check-in ${tag}`;
  const template = await created(app, token, '/assessment-templates', {
    name: templateName,
    definition: {
      sections: [
        {
          key: 'plan',
          title: 'Your plan',
          questions: [{ key: 'clear', text: 'My plan is clear to me.', type: 'scale', required: true, scale: { min: 1, max: 5 } }],
        },
      ],
    },
  });
  const assigned = await call(app, 'POST', api(`/assessment-templates/${template.id}/assignments`), {
    token,
    body: { client_ids: [client.id] },
  });
  if (assigned.status !== 201)
    throw new Error(`POST /assessment-templates/{id}/assignments answered ${assigned.status} ${JSON.stringify(assigned.body)}`);
  return {
    ids: {
      client: client.id,
      household: household.id,
      portfolio: portfolio.id,
      holding: holding.id,
      transaction: buy.id,
      user: advisorId,
      security: holding.security.id,
      model: model.id,
      recommendation: recommendation.id,
      assessment,
      template: template.id,
    },
    names: [lastName, householdName, portfolioName, modelName, templateName],
  };
}

/**
 * One record of each kind, then deleted through the API (portfolio, its model once nothing follows
 * it, household, client): ids that name nobody's records. The recommendation goes with its portfolio, the questionnaire with its client.
 */
export async function createDeletedOneOfEach(app: FastifyInstance, token: string, advisorId: string): Promise<OneOfEach> {
  const records = await createOneOfEach(app, token, advisorId);
  const { portfolio, model, household, client } = records.ids;
  for (const path of [`/portfolios/${portfolio}`, `/model-portfolios/${model}`, `/households/${household}`, `/clients/${client}`]) {
    const response = await call(app, 'DELETE', api(path), { token });
    if (response.status !== 204) throw new Error(`DELETE ${path} answered ${response.status} ${JSON.stringify(response.body)}`);
  }
  return records;
}
