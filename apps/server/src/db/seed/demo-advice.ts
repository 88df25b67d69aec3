import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import { riskBands } from '@meridian/domain/model-portfolios/contracts';
import { reviewPortfolio } from '@meridian/domain/rebalancing/review';
import type { Db } from '../client.ts';
import { clients } from '../schema/clients.ts';
import { firms } from '../schema/firms.ts';
import { portfolios } from '../schema/portfolios.ts';
import { modelPortfolios } from '../schema/model-portfolios.ts';
import { recommendations } from '../schema/recommendations.ts';
import { users } from '../schema/users.ts';
import { clientTaxSettings } from '../schema/tax-settings.ts';
import { addStarterModels } from '../../modules/model-portfolios/starter-models.service.ts';
import { clientBand } from '../../modules/clients/clients.service.ts';
import {
  firmModels,
  loadClientBook,
  modelsByBand,
  newReviewRun,
  portfolioReview,
  recordProposal,
} from '../../modules/recommendations/review-inputs.ts';
import { demoAccounts, demoFirmName } from './demo-accounts.ts';

/** Clients of the demo advisor whose portfolios are reviewed at seed time, so the pages open on real recommendations. */
const reviewedClients = 12;

/** Net realised gains a year the first reviewed client with a taxable account accepts. */
const demoGainBudget = 10_000;

/**
 * The demo firm's models and advice: the five starter models, each client's first active portfolio
 * following the model of the client's risk band, and the demo advisor's first clients (by name)
 * reviewed, as POST /recommendations/generate would. Runs after the portfolios are seeded; does
 * nothing when the firm already has models.
 */
export async function seedDemoAdvice(db: Db, asOf: string): Promise<void> {
  const [firm] = await db.select({ id: firms.id }).from(firms).where(eq(firms.name, demoFirmName));
  if (!firm) return;
  const [existing] = await db.select({ total: count() }).from(modelPortfolios).where(eq(modelPortfolios.firmId, firm.id));
  if ((existing?.total ?? 0) > 0) return;
  await addStarterModels(db, firm.id);
  const byBand = modelsByBand(await firmModels(db, firm.id));

  const rows = await db
    .select({ client: clients, portfolioId: portfolios.id })
    .from(clients)
    .innerJoin(portfolios, and(eq(portfolios.clientId, clients.id), eq(portfolios.status, 'active'), isNull(portfolios.deletedAt)))
    .where(and(eq(clients.firmId, firm.id), isNull(clients.deletedAt)))
    .orderBy(asc(clients.lastName), asc(clients.firstName), asc(clients.id), asc(portfolios.createdAt), asc(portfolios.id));
  const firstPortfolio = new Map<string, { client: (typeof rows)[number]['client']; portfolioId: string }>();
  for (const row of rows) if (!firstPortfolio.has(row.client.id)) firstPortfolio.set(row.client.id, row);
  await db.transaction(async (tx) => {
    let index = 0;
    for (const { client, portfolioId } of firstPortfolio.values()) {
      const band = clientBand(client);
      // A client not assessed yet follows no model until their band is set.
      if (!band) continue;
      // Every fifth follows a model two bands away, as an account set up before the client's profile changed: a risk mismatch to review.
      const followed = index % 5 === 4 ? riskBands[(riskBands.indexOf(band) + 2) % riskBands.length]! : band;
      const model = byBand.get(followed);
      if (model) await tx.update(portfolios).set({ modelId: model.id }).where(eq(portfolios.id, portfolioId));
      index += 1;
    }
  });

  const advisorEmail = demoAccounts.find((account) => account.role === 'advisor')!.email;
  const [advisor] = await db.select({ id: users.id }).from(users).where(eq(users.email, advisorEmail));
  const reviewed = [...firstPortfolio.values()].filter(({ client }) => client.advisorId === advisor?.id).slice(0, reviewedClients);
  // The first of them with a taxable account has a realised-gain budget: its rebalance shows the budget at work.
  const taxed = await db
    .select({ clientId: portfolios.clientId })
    .from(portfolios)
    .where(
      and(
        inArray(
          portfolios.clientId,
          reviewed.map(({ client }) => client.id),
        ),
        inArray(portfolios.accountType, ['taxable', 'joint']),
      ),
    );
  const budgeted = reviewed.find(({ client }) => taxed.some((row) => row.clientId === client.id));
  if (budgeted)
    await db.insert(clientTaxSettings).values({ clientId: budgeted.client.id, firmId: firm.id, annualGainBudget: demoGainBudget });
  for (const { client } of reviewed) {
    const book = await loadClientBook(db, client, asOf);
    const run = newReviewRun(book);
    for (const portfolio of book.portfolios.filter((row) => row.status === 'active')) {
      const review = portfolioReview(book, portfolio, run);
      const outcome = review && reviewPortfolio(review);
      recordProposal(run, portfolio, outcome, asOf);
      if (!outcome) continue;
      await db.insert(recommendations).values({
        firmId: firm.id,
        clientId: client.id,
        portfolioId: portfolio.id,
        modelId: outcome.model.id,
        securityId: outcome.securityId,
        type: outcome.type,
        source: 'review',
        title: outcome.title,
        rationale: outcome.rationale,
        details: outcome.details,
        createdBy: advisor?.id ?? null,
      });
    }
  }
}
