import { and, asc, eq, isNull } from 'drizzle-orm';
import { ipqTemplateId } from '@meridian/domain/ipq/contracts';
import { gambleGainMultiples, ipqExperienceOfProfile } from '@meridian/domain/ipq/instrument';
import { ipqModules } from '@meridian/domain/ipq/module-list';
import type { IpqAnswers } from '@meridian/domain/ipq/modules';
import { assetAllocationSchema } from '@meridian/domain/ipq/modules';
import { scoreIpq } from '@meridian/domain/ipq/outcome';
import { ageFrom } from '@meridian/domain/shared/format';
import { riskBands, type RiskBand } from '@meridian/domain/model-portfolios/contracts';
import type { Db } from '../client.ts';
import { assessmentResponses } from '../schema/assessments.ts';
import { clients, type ClientRow } from '../schema/clients.ts';
import { firms } from '../schema/firms.ts';
import { users } from '../schema/users.ts';
import { demoAccounts, demoFirmName } from './demo-accounts.ts';

/**
 * The demo firm's investor questionnaires, answered as each client's profile suggests: six in ten
 * complete (spread over the past year, so the dashboard's quarters differ), two in progress, two not
 * started; those four in ten are "Not assessed". A completed questionnaire sets the client's band.
 * One in ten had a band their advisor set by hand at the first meeting (with the reason) that the
 * questionnaire then moved: the advisor confirmed the change with a note, except for a few of the
 * demo advisor's clients whose change awaits them. The demo client login's own record is left to take theirs.
 */

const awaitingForDemoAdvisor = 3;
const firstMeetingReason = "Set at the first meeting from the client's stated comfort with risk, before the questionnaire.";

/** The band an advisor chose by hand before the questionnaire: one step from what it found. */
const oneStepFrom = (band: RiskBand, id: string): RiskBand => {
  const index = riskBands.indexOf(band);
  const step = index === 0 ? 1 : index === riskBands.length - 1 ? -1 : unit(id, 50) < 0.5 ? -1 : 1;
  return riskBands[index + step]!;
};
const dayMs = 24 * 60 * 60 * 1000;

/** A repeatable number in [0, 1) from a client id and a salt. */
function unit(id: string, salt: number): number {
  let hash = 2166136261 ^ salt;
  for (const char of id) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return ((hash >>> 0) % 10_000) / 10_000;
}

const boldnessOf = (client: ClientRow) =>
  ({ low: 0.1, medium: 0.42, high: 0.8 })[client.riskCapacity ?? 'medium'] + (unit(client.id, 1) - 0.5) * 0.3;
const likert = (value: number) => Math.min(5, Math.max(1, Math.round(value)));

/** Answers a client of this profile would plausibly give; boldness 0 (cautious) to 1 (bold). */
export function demoAnswers(client: ClientRow, today: string): Required<IpqAnswers> {
  const bold = Math.min(1, Math.max(0, boldnessOf(client)));
  const jitter = (salt: number) => (unit(client.id, salt) - 0.5) * 1.5;
  const rising = (salt: number) => likert(2 + 2.5 * bold + jitter(salt));
  const falling = (salt: number) => likert(4 - 2.5 * bold + jitter(salt));
  const calmAndOpen = new Set(['p01', 'p03', 'p09', 'p11', 'p18', 'p20']);
  const anxiousOrClosed = new Set(['p02', 'p04', 'p10', 'p12', 'p17', 'p19']);
  const personality = Object.fromEntries(
    Array.from({ length: 20 }, (_, index) => {
      const id = `p${String(index + 1).padStart(2, '0')}`;
      return [id, calmAndOpen.has(id) ? rising(index) : anxiousOrClosed.has(id) ? falling(index) : likert(3 + jitter(index))];
    }),
  );
  const netWorth = client.netWorth ?? 500_000;
  const lambda = 4 - 2.5 * bold;
  const age = ageFrom(client.birthDate, today) ?? 50;
  const horizon = Math.max(2, Math.min(40, Math.round(4 + 26 * bold + jitter(30) * 2)));
  return {
    personality: { answers: personality },
    beliefs: {
      reference_amount: Math.max(1_000, Math.round((netWorth * 0.05) / 1_000) * 1_000),
      gamble_accepts: gambleGainMultiples.map((multiple) => multiple >= lambda),
      drawdown_reaction: bold < 0.15 ? 'sell_all' : bold < 0.35 ? 'sell_some' : bold < 0.7 ? 'hold' : 'buy_more',
      expected_return: Math.round(3 + 7 * bold),
      answers: { b1: rising(21), b2: falling(22), b3: rising(23), b4: falling(24) },
    },
    asset_allocation: assetAllocationSchema.parse({
      investment_experience: ipqExperienceOfProfile[client.investmentExperience ?? 'intermediate'],
      retirement_wealth: Math.round(netWorth * 0.4),
      retirement_equity_percentage: Math.round(25 + 55 * bold),
      non_retirement_wealth: Math.round(netWorth * 0.2),
      non_retirement_equity_percentage: Math.round(20 + 60 * bold),
    }),
    demographics: {
      age,
      annual_income: client.annualIncome ?? 120_000,
      dependants: Math.floor(unit(client.id, 40) * 4),
      employment_stability: age >= 67 ? 'retired' : unit(client.id, 41) < 0.2 ? 'variable' : 'stable',
      time_horizon_years: horizon,
      liquidity_needs: bold < 0.3 ? 'medium' : 'low',
      emergency_fund_months: Math.round(3 + 9 * bold),
    },
  };
}

export async function seedDemoAssessments(db: Db, now: Date): Promise<void> {
  const [firm] = await db.select({ id: firms.id }).from(firms).where(eq(firms.name, demoFirmName));
  if (!firm) return;
  const [existing] = await db
    .select({ id: assessmentResponses.id })
    .from(assessmentResponses)
    .where(eq(assessmentResponses.firmId, firm.id))
    .limit(1);
  if (existing) return;
  const advisorEmail = demoAccounts.find((account) => account.role === 'advisor')!.email;
  const [demoAdvisor] = await db.select({ id: users.id }).from(users).where(eq(users.email, advisorEmail));
  const today = now.toISOString().slice(0, 10);
  const rows = await db
    .select()
    .from(clients)
    .where(and(eq(clients.firmId, firm.id), isNull(clients.deletedAt), isNull(clients.userId)))
    .orderBy(asc(clients.lastName), asc(clients.firstName), asc(clients.id));
  let awaiting = 0;
  await db.transaction(async (tx) => {
    for (const [index, client] of rows.entries()) {
      const slot = index % 10;
      if (slot >= 8) continue;
      const answers = demoAnswers(client, today);
      const completedAt = new Date(now.getTime() - (3 + ((index * 37) % 360)) * dayMs);
      const startedAt = new Date(completedAt.getTime() - 25 * 60 * 1000);
      const base = {
        firmId: firm.id,
        clientId: client.id,
        templateId: ipqTemplateId,
        templateVersion: 1,
        source: 'advisor',
        startedBy: client.advisorId,
        startedAt,
        createdAt: startedAt,
      };
      if (slot >= 6) {
        // Stopped after the first two (or three) modules, a few days ago.
        const kept = ipqModules.slice(0, slot === 6 ? 2 : 3);
        const partial = Object.fromEntries(kept.map((module) => [module, answers[module]]));
        const recent = new Date(now.getTime() - (1 + (index % 6)) * dayMs);
        await tx.insert(assessmentResponses).values({
          ...base,
          startedAt: recent,
          createdAt: recent,
          updatedAt: recent,
          status: 'in_progress',
          answers: partial,
          syncVersion: kept.length + 1,
        });
        await tx.update(clients).set({ assessmentStatus: 'in_progress' }).where(eq(clients.id, client.id));
        continue;
      }
      const outcome = scoreIpq(answers);
      const proposed = outcome.prediction.recommended_band;
      const handSet = slot === 5 || (client.advisorId === demoAdvisor?.id && awaiting < awaitingForDemoAdvisor);
      const current = handSet ? oneStepFrom(proposed, client.id) : null;
      const awaits = handSet && client.advisorId === demoAdvisor?.id && awaiting < awaitingForDemoAdvisor;
      if (awaits) awaiting += 1;
      const bandStatus = current === null ? 'applied' : awaits ? 'awaiting_confirmation' : 'confirmed';
      const decided = bandStatus === 'confirmed';
      await tx.insert(assessmentResponses).values({
        ...base,
        status: 'complete',
        answers,
        completedAt,
        updatedAt: completedAt,
        results: outcome,
        prediction: outcome.prediction,
        predictedAt: completedAt,
        proposedBand: proposed,
        bandStatus,
        bandNote: decided ? 'Went through the answers with the client; the new band matches what we discussed.' : null,
        bandDecidedBy: decided ? client.advisorId : null,
        bandDecidedAt: decided ? new Date(completedAt.getTime() + dayMs) : null,
        syncVersion: 6,
      });
      const band = awaits
        ? { riskBand: current, riskBandSource: 'advisor' as const, riskBandReason: firstMeetingReason, riskBandSetAt: startedAt }
        : { riskBand: proposed, riskBandSource: 'questionnaire' as const, riskBandReason: null, riskBandSetAt: completedAt };
      await tx
        .update(clients)
        .set({ assessmentStatus: 'complete', ...band })
        .where(eq(clients.id, client.id));
    }
  });
}
