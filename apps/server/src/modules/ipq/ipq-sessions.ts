import { and, eq, isNull, sql } from 'drizzle-orm';
import { isUuid } from '@meridian/domain/shared/ids';
import { ipqTemplateId, type IpqSession } from '@meridian/domain/ipq/contracts';
import { ipqExperienceOfProfile, retirementAccountTypes } from '@meridian/domain/ipq/instrument';
import { todayIso } from '@meridian/domain/clients/contracts';
import { ageFrom } from '@meridian/domain/shared/format';
import { ipqModules, ipqProgress } from '@meridian/domain/ipq/module-list';
import type { IpqAnswers } from '@meridian/domain/ipq/modules';
import { ipqMessages } from '@meridian/domain/ipq/messages';
import type { Db } from '../../db/client.ts';
import { assessmentResponses, type AssessmentResponseRow } from '../../db/schema/assessments.ts';
import { clients, type ClientRow } from '../../db/schema/clients.ts';
import { notFound } from '../../platform/http-error.ts';
import { clientReach, type Viewer } from '../../platform/reach.ts';

/** A questionnaire session as stored and as the API shows it; the reach rule that finds it. */

export const assessmentNotFound = () => notFound(ipqMessages.assessmentNotFound);

export type Session = { row: AssessmentResponseRow; client: ClientRow };

/** The questionnaire in reach with this id, locked for update inside a transaction when asked. */
export async function loadSession(db: Db, viewer: Viewer, id: string, { lock = false } = {}): Promise<Session> {
  if (!isUuid(id)) throw assessmentNotFound();
  const query = db
    .select({ row: assessmentResponses, client: clients })
    .from(assessmentResponses)
    .innerJoin(clients, eq(clients.id, assessmentResponses.clientId))
    .where(
      and(
        eq(assessmentResponses.id, id),
        eq(assessmentResponses.templateId, ipqTemplateId),
        isNull(assessmentResponses.deletedAt),
        clientReach(viewer),
      ),
    );
  const [found] = lock ? await query.for('update', { of: assessmentResponses }) : await query;
  if (!found) throw assessmentNotFound();
  return found;
}

export const completedModules = (answers: IpqAnswers) => ipqModules.filter((module) => answers[module] != null);

/** The first module not yet answered, 1-4; null when all four are. */
export function resumeAt(answers: IpqAnswers): number | null {
  const index = ipqModules.findIndex((module) => answers[module] == null);
  return index === -1 ? null : index + 1;
}

export const iso = (value: Date | null) => value?.toISOString() ?? null;

/** Module 4 as the client's record has it: the age from the birth date and the annual income; null once answered or when the record says neither. */
export function demographicsPrefill({ row, client }: Session, now: Date): IpqSession['demographics_prefill'] {
  if (row.answers.demographics) return null;
  const age = ageFrom(client.birthDate, todayIso(now));
  const income = client.annualIncome;
  return age === null && income === null ? null : { age, annual_income: income };
}

export function toSession(
  { row, client }: Session,
  prefill: IpqSession['asset_allocation_prefill'] = null,
  now: Date = new Date(),
): IpqSession {
  const answers = row.answers;
  return {
    session_id: row.id,
    assessment_id: row.id,
    client_id: row.clientId,
    client_name: `${client.firstName} ${client.lastName}`,
    status: row.status,
    resume_at_module: resumeAt(answers),
    progress: ipqProgress(completedModules(answers).length),
    completed_modules: completedModules(answers),
    modules: Object.fromEntries(
      ipqModules.map((module) => [module, (answers[module] as Record<string, unknown> | undefined) ?? null]),
    ) as IpqSession['modules'],
    started_at: iso(row.startedAt),
    completed_at: iso(row.completedAt),
    asset_allocation_prefill: row.answers.asset_allocation ? null : prefill,
    demographics_prefill: demographicsPrefill({ row, client }, now),
    sync_version: row.syncVersion,
    updated_at: row.updatedAt.toISOString(),
  };
}

const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/**
 * Module 3 as the client's open accounts here have it: their value (cash and holdings) in retirement
 * accounts and elsewhere, and the share of each in stocks at the latest close; the experience from
 * the profile (null when it does not say: the question is asked, never assumed). Null when there is
 * nothing to start from.
 */
export async function assetAllocationPrefill(db: Db, client: ClientRow): Promise<IpqSession['asset_allocation_prefill']> {
  const result = (await db.execute(sql`
    select p.account_type in (${sql.join(
      retirementAccountTypes.map((type) => sql`${type}`),
      sql`, `,
    )}) as retirement,
           sum(p.cash_balance + p.holdings_value)::float8 as value,
           coalesce(sum(e.equity), 0)::float8 as equity
    from portfolios p
    left join lateral (
      select sum(h.quantity * coalesce(s.last_close, h.average_cost)) as equity
      from holdings h join securities s on s.id = h.security_id
      where h.portfolio_id = p.id and s.asset_class = 'equity'
    ) e on true
    where p.client_id = ${client.id} and p.deleted_at is null and p.status = 'active'
    group by 1`)) as unknown as { rows: Array<{ retirement: boolean; value: number; equity: number }> };
  const pots = new Map(result.rows.map((row) => [Boolean(row.retirement), { value: Number(row.value), equity: Number(row.equity) }]));
  if (pots.size === 0 && !client.investmentExperience) return null;
  const retirement = pots.get(true) ?? { value: 0, equity: 0 };
  const other = pots.get(false) ?? { value: 0, equity: 0 };
  return {
    investment_experience: client.investmentExperience ? ipqExperienceOfProfile[client.investmentExperience] : null,
    retirement_wealth: Math.round(retirement.value),
    retirement_equity_percentage: percentOf(retirement.equity, retirement.value),
    non_retirement_wealth: Math.round(other.value),
    non_retirement_equity_percentage: percentOf(other.equity, other.value),
  };
}
