import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { scoreResponse } from '@meridian/domain/assessments/answers';
import { templateDefinitionSchema, type TemplateDefinition } from '@meridian/domain/assessments/template-definition';
import type { Db } from '../client.ts';
import { assessmentResponses, assessmentTemplates, assessmentTemplateVersions } from '../schema/assessments.ts';
import { clients } from '../schema/clients.ts';
import { firms } from '../schema/firms.ts';
import { users } from '../schema/users.ts';
import { refreshAssessmentStatus } from '../../modules/assessments/assessment-status.service.ts';
import { demoAccounts, demoFirmName } from './demo-accounts.ts';

/**
 * The demo firm's own questionnaire, an annual check-in: answered by two dozen clients over the past
 * months (enough for the manager to show each section's reliability), assigned to a dozen more (a few
 * overdue), and waiting for the demo client login, due next week.
 */

export const checkInName = 'Annual financial wellbeing check-in';

const definition: TemplateDefinition = templateDefinitionSchema.parse({
  sections: [
    {
      key: 'confidence',
      title: 'Confidence in your plan',
      description: 'How your finances feel today.',
      questions: [
        {
          key: 'understand-plan',
          text: 'I understand how my plan gets me to my goals.',
          type: 'scale',
          required: true,
          scale: { min: 1, max: 5, min_label: 'Not at all', max_label: 'Completely' },
        },
        {
          key: 'on-track',
          text: 'I feel on track for retirement.',
          type: 'scale',
          required: true,
          scale: { min: 1, max: 5, min_label: 'Not at all', max_label: 'Completely' },
        },
        {
          key: 'money-worries',
          text: 'Money worries keep me up at night.',
          type: 'scale',
          required: true,
          scale: { min: 1, max: 5, min_label: 'Never', max_label: 'Often', reverse: true },
        },
        {
          key: 'emergency-ready',
          text: 'I could handle an unexpected $10,000 expense.',
          type: 'scale',
          required: true,
          scale: { min: 1, max: 5, min_label: 'Not at all', max_label: 'Easily' },
        },
      ],
    },
    {
      key: 'service',
      title: 'Goals and service',
      questions: [
        {
          key: 'review-frequency',
          text: 'How often would you like to review your plan with us?',
          type: 'single_choice',
          required: true,
          options: [
            { value: 'quarterly', label: 'Every quarter', score: 2 },
            { value: 'twice-a-year', label: 'Twice a year', score: 2 },
            { value: 'yearly', label: 'Once a year', score: 1 },
          ],
        },
        {
          key: 'topics',
          text: 'Which topics should we cover next time?',
          type: 'multiple_choice',
          required: false,
          weight: 0,
          options: [
            { value: 'tax', label: 'Taxes', score: 0 },
            { value: 'estate', label: 'Estate planning', score: 0 },
            { value: 'education', label: 'Education savings', score: 0 },
            { value: 'charity', label: 'Charitable giving', score: 0 },
          ],
        },
        {
          key: 'savings-rate',
          text: 'About what share of your income do you save?',
          type: 'number',
          required: false,
          number: { min: 0, max: 100, unit: '%' },
        },
        { key: 'comments', text: 'Anything else you would like us to know?', type: 'text', required: false },
      ],
    },
  ],
});

const dayMs = 24 * 60 * 60 * 1000;

/** A repeatable number in [0, 1) from an index and a salt. */
function unit(index: number, salt: number): number {
  const x = Math.sin(index * 12.9898 + salt * 78.233) * 43758.5453;
  return x - Math.floor(x);
}

/** Answers of a client whose confidence is `level` (1-5), each item a little off it. */
function answersOf(index: number): Record<string, unknown> {
  const level = 1 + Math.floor(unit(index, 1) * 5);
  const near = (salt: number) => Math.min(5, Math.max(1, level + Math.round((unit(index, salt) - 0.5) * 1.6)));
  return {
    'understand-plan': near(2),
    'on-track': near(3),
    'money-worries': 6 - near(4),
    'emergency-ready': near(5),
    'review-frequency': ['quarterly', 'twice-a-year', 'yearly'][index % 3],
    topics: [['tax'], ['estate', 'tax'], ['education'], []][index % 4],
    'savings-rate': 5 + (index % 4) * 5,
  };
}

export async function seedDemoCheckIns(db: Db, now: Date): Promise<void> {
  const [firm] = await db.select({ id: firms.id }).from(firms).where(eq(firms.name, demoFirmName));
  if (!firm) return;
  const [existing] = await db
    .select({ id: assessmentTemplates.id })
    .from(assessmentTemplates)
    .where(eq(assessmentTemplates.firmId, firm.id))
    .limit(1);
  if (existing) return;
  const adminEmail = demoAccounts.find((account) => account.role === 'admin')!.email;
  const clientEmail = demoAccounts.find((account) => account.role === 'client')!.email;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, adminEmail));
  const [clientLogin] = await db.select({ id: users.id }).from(users).where(eq(users.email, clientEmail));
  const created = new Date(now.getTime() - 200 * dayMs);
  const book = await db
    .select({ id: clients.id, advisorId: clients.advisorId })
    .from(clients)
    .where(and(eq(clients.firmId, firm.id), isNull(clients.deletedAt), isNull(clients.userId)))
    .orderBy(asc(clients.firstName), asc(clients.id));
  await db.transaction(async (tx) => {
    const [template] = await tx
      .insert(assessmentTemplates)
      .values({
        firmId: firm.id,
        kind: 'custom',
        name: checkInName,
        description: 'A short yearly check on how clients feel about their plan, and what they want from us.',
        createdBy: admin?.id ?? null,
        createdAt: created,
        updatedAt: created,
      })
      .returning({ id: assessmentTemplates.id });
    await tx
      .insert(assessmentTemplateVersions)
      .values({ templateId: template!.id, version: 1, definition, createdBy: admin?.id ?? null, createdAt: created });
    const base = { firmId: firm.id, templateId: template!.id, templateVersion: 1, source: 'assignment', assignedBy: admin?.id ?? null };
    const rows = book.slice(0, 36).map((client, index) => {
      const assignedAt = new Date(now.getTime() - (150 - index * 3) * dayMs);
      if (index < 24) {
        const completedAt = new Date(assignedAt.getTime() + (2 + (index % 9)) * dayMs);
        const answers = answersOf(index);
        return {
          ...base,
          clientId: client.id,
          status: 'complete' as const,
          answers,
          startedBy: client.advisorId,
          startedAt: completedAt,
          completedAt,
          results: scoreResponse(definition, answers),
          createdAt: assignedAt,
          updatedAt: completedAt,
          syncVersion: 2,
        };
      }
      // Assigned with a due date; the first few are past it.
      const due = new Date(now.getTime() + (index - 28) * 4 * dayMs).toISOString().slice(0, 10);
      return { ...base, clientId: client.id, status: 'pending' as const, dueDate: due, createdAt: assignedAt, updatedAt: assignedAt };
    });
    if (clientLogin) {
      const [own] = await tx
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.userId, clientLogin.id), isNotNull(clients.userId)));
      if (own)
        rows.push({
          ...base,
          clientId: own.id,
          status: 'pending' as const,
          dueDate: new Date(now.getTime() + 7 * dayMs).toISOString().slice(0, 10),
          createdAt: now,
          updatedAt: now,
        });
    }
    await tx.insert(assessmentResponses).values(rows);
    // Each client's status is that of their latest assessment.
    await refreshAssessmentStatus(
      tx,
      rows.map((row) => row.clientId),
    );
  });
}
