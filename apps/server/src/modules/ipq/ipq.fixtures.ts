import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { beliefItems, personalityItems } from '@meridian/domain/ipq/instrument';
import { api, call } from '../../test/api.ts';

/** Module bodies for tests: a middling client (moderate) and a bold one with room to take risk (aggressive). */

const allAgreeing = (items: readonly { id: string }[], value: number) => Object.fromEntries(items.map((item) => [item.id, value]));

export const moderateModules = {
  1: { answers: allAgreeing(personalityItems, 3) },
  2: { reference_amount: 10_000, gamble_accepts: [false, true, true, true], drawdown_reaction: 'hold', expected_return: 7, answers: allAgreeing(beliefItems, 3) },
  3: { investment_experience: '1_to_5', retirement_wealth: 200_000, retirement_equity_percentage: 60, non_retirement_wealth: 50_000, non_retirement_equity_percentage: 40 },
  4: { age: 45, annual_income: 150_000, dependants: 2, employment_stability: 'stable', time_horizon_years: 10, liquidity_needs: 'medium', emergency_fund_months: 3 },
} as const;

export const boldModules = {
  1: { answers: { ...allAgreeing(personalityItems, 3), p17: 1, p18: 5, p19: 1, p20: 5, p01: 5, p02: 1 } },
  2: { reference_amount: 50_000, gamble_accepts: [true, true, true, true], drawdown_reaction: 'buy_more', expected_return: 9, answers: { b1: 5, b2: 1, b3: 5, b4: 1 } },
  3: { investment_experience: 'over_10', retirement_wealth: 400_000, retirement_equity_percentage: 90, non_retirement_wealth: 100_000, non_retirement_equity_percentage: 70 },
  4: { age: 32, annual_income: 220_000, dependants: 0, employment_stability: 'stable', time_horizon_years: 30, liquidity_needs: 'low', emergency_fund_months: 12 },
} as const;

/** Starts the client's questionnaire as `token` and answers all four modules; the session id. */
export async function completeQuestionnaire(app: FastifyInstance, token: string, clientId: string, modules: typeof moderateModules | typeof boldModules = moderateModules): Promise<string> {
  const started = await call(app, 'POST', api('/ipq/start'), { token, body: { clientId } });
  expect([200, 201], JSON.stringify(started.body)).toContain(started.status);
  const sessionId = (started.body as { session_id: string }).session_id;
  for (const n of [1, 2, 3, 4] as const) {
    const response = await call(app, 'POST', api(`/ipq/assessments/${sessionId}/modules/${n}`), { token, body: modules[n] });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  }
  return sessionId;
}
