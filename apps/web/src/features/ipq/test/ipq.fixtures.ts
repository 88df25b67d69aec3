import type { IpqResults, IpqSession, IpqSessionList } from '@meridian/domain/ipq/contracts';
import { beliefItems, personalityItems } from '@meridian/domain/ipq/instrument';
import { ipqModules, ipqProgress } from '@meridian/domain/ipq/module-list';
import type { IpqAnswers } from '@meridian/domain/ipq/modules';
import { scoreIpq } from '@meridian/domain/ipq/outcome';

export const clientId = '11111111-1111-4111-8111-111111111111';
export const sessionId = '66666666-6666-4666-8666-666666666666';
export const olderSessionId = '77777777-7777-4777-8777-777777777777';

const allAgreeing = (items: readonly { id: string }[], value: number) => Object.fromEntries(items.map((item) => [item.id, value]));

/** A middling client's answers: λ 2, holds through a fall, 10 years to go; 56 % in stocks today. */
export const moderateAnswers = {
  personality: { answers: allAgreeing(personalityItems, 3) },
  beliefs: {
    reference_amount: 10_000,
    gamble_accepts: [false, true, true, true],
    drawdown_reaction: 'hold',
    expected_return: 7,
    answers: allAgreeing(beliefItems, 3),
  },
  asset_allocation: {
    investment_experience: '1_to_5',
    retirement_wealth: 200_000,
    retirement_equity_percentage: 60,
    non_retirement_wealth: 50_000,
    non_retirement_equity_percentage: 40,
    total_equity_share: 56,
  },
  demographics: {
    age: 45,
    annual_income: 150_000,
    dependants: 2,
    employment_stability: 'stable',
    time_horizon_years: 10,
    liquidity_needs: 'medium',
    emergency_fund_months: 3,
  },
} satisfies Required<IpqAnswers>;

/** A session with the first `saved` modules answered (moderately). */
export function sampleSession(saved = 0, overrides: Partial<IpqSession> = {}): IpqSession {
  const done = ipqModules.slice(0, saved);
  return {
    session_id: sessionId,
    assessment_id: sessionId,
    client_id: clientId,
    client_name: 'Maria Lopez',
    status: saved === 4 ? 'complete' : 'in_progress',
    resume_at_module: saved === 4 ? null : saved + 1,
    progress: ipqProgress(saved),
    completed_modules: [...done],
    modules: Object.fromEntries(
      ipqModules.map((module) => [module, done.includes(module) ? moderateAnswers[module] : null]),
    ) as IpqSession['modules'],
    started_at: '2026-11-20T10:00:00.000Z',
    completed_at: saved === 4 ? '2026-11-27T10:00:00.000Z' : null,
    asset_allocation_prefill: null,
    demographics_prefill: null,
    sync_version: saved + 1,
    updated_at: '2026-11-27T10:00:00.000Z',
    ...overrides,
  };
}

/** The moderate answers scored (tolerance 67, capacity 57, profile moderate, 58 % in stocks), a change of band awaiting the advisor. */
export function sampleResults(overrides: Partial<IpqResults> = {}): IpqResults {
  const outcome = scoreIpq(moderateAnswers);
  return {
    session_id: sessionId,
    client_id: clientId,
    client_name: 'Maria Lopez',
    completed_at: '2026-11-27T10:00:00.000Z',
    ...outcome,
    recommended_model: { id: 'model-1', name: 'Balanced Growth', risk_band: 'moderate' },
    current_band: 'moderately_conservative',
    band: { proposed: 'moderate', status: 'awaiting_confirmation', note: null, decided_by: null, decided_at: null },
    ...overrides,
  };
}

type Listed = IpqSessionList['assessments'][number];

export const listed = (overrides: Partial<Listed> = {}): Listed => ({
  session_id: sessionId,
  status: 'complete',
  progress: 100,
  started_at: '2026-11-20T10:00:00.000Z',
  completed_at: '2026-11-27T10:00:00.000Z',
  proposed_band: 'moderate',
  band_status: 'awaiting_confirmation',
  ...overrides,
});
