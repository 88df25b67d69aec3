import type { AssessmentDetail, AssessmentSummary, TemplateDetail, TemplateSummary } from '@meridian/domain/assessments/contracts';
import type { TemplateDefinition } from '@meridian/domain/assessments/template-definition';

import { ipqTemplateId } from '@meridian/domain/ipq/contracts';
export const templateId = '55555555-5555-4555-8555-555555555555';
export const inactiveTemplateId = '55555555-5555-4555-8555-555555555556';
export const assessmentId = '66666666-6666-4666-8666-666666666666';
export const mariaId = '11111111-1111-4111-8111-111111111111';
export const sofiaId = '11111111-1111-4111-8111-111111111113';

/** A template with one question of each type over two sections. */
export const sampleDefinition: TemplateDefinition = {
  sections: [
    {
      key: 'attitude',
      title: 'Attitude to risk',
      description: 'How you feel about ups and downs.',
      questions: [
        {
          key: 'q1',
          text: 'How would you describe yourself?',
          type: 'single_choice',
          required: true,
          weight: 1,
          options: [
            { value: 'careful', label: 'Careful', score: 0 },
            { value: 'bold', label: 'Bold', score: 2 },
          ],
        },
        {
          key: 'q2',
          text: 'Which have you held?',
          type: 'multiple_choice',
          required: false,
          weight: 1,
          options: [
            { value: 'stocks', label: 'Stocks', score: 1 },
            { value: 'bonds', label: 'Bonds', score: 1 },
          ],
        },
        {
          key: 'q3',
          text: 'I enjoy taking risks',
          type: 'scale',
          required: true,
          weight: 1,
          scale: { min: 1, max: 5, min_label: 'Strongly disagree', max_label: 'Strongly agree' },
        },
      ],
    },
    {
      key: 'facts',
      title: 'Your situation',
      questions: [
        {
          key: 'q4',
          text: 'Years until retirement',
          type: 'number',
          required: false,
          weight: 1,
          number: { min: 0, max: 60, unit: 'years' },
        },
        { key: 'q5', text: 'Anything else we should know?', type: 'text', required: false, weight: 1 },
      ],
    },
  ],
};

export const sampleAssessment = (overrides: Partial<AssessmentSummary> = {}): AssessmentSummary => ({
  id: assessmentId,
  client_id: mariaId,
  client_name: 'Maria Lopez',
  advisor_id: 'u1',
  advisor_name: 'Alex Chen',
  template_id: templateId,
  template_name: 'Risk attitude check',
  kind: 'custom',
  template_version: 2,
  status: 'pending',
  due_date: '2026-12-01',
  overdue: false,
  started_at: null,
  completed_at: null,
  score_percent: null,
  updated_at: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

export const sampleDetail = (overrides: Partial<AssessmentDetail> = {}): AssessmentDetail => ({
  ...sampleAssessment(),
  definition: sampleDefinition,
  answers: {},
  score: null,
  sync_version: 3,
  ...overrides,
});

export const listOf = (assessments: AssessmentSummary[], total = assessments.length) => ({
  assessments,
  total,
  page: 1,
  per_page: 25,
  pages: Math.max(1, Math.ceil(total / 25)),
});

export const sampleTemplate = (overrides: Partial<TemplateSummary> = {}): TemplateSummary => ({
  id: templateId,
  kind: 'custom',
  name: 'Risk attitude check',
  description: 'A short check of attitude to risk',
  is_active: true,
  current_version: 2,
  questions: 5,
  responses: { pending: 3, in_progress: 1, complete: 4 },
  sync_version: 7,
  updated_at: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

export const ipqTemplate = sampleTemplate({
  id: ipqTemplateId,
  kind: 'ipq',
  name: 'Investor personality questionnaire',
  description: null,
  current_version: 1,
  questions: 40,
});

const bins = (counts: number[]) => counts.map((count, index) => ({ from: index * 10, to: (index + 1) * 10, count }));

export const sampleTemplateDetail = (overrides: Partial<TemplateDetail> = {}): TemplateDetail => ({
  ...sampleTemplate(),
  definition: sampleDefinition,
  versions: [
    { version: 2, created_at: '2026-10-01T10:00:00.000Z', responses: 8 },
    { version: 1, created_at: '2026-09-01T10:00:00.000Z', responses: 5 },
  ],
  statistics: { complete: 4, minimum: 10, reliability: [], distribution: bins([0, 0, 0, 1, 0, 2, 0, 1, 0, 0]) },
  ...overrides,
});

export const distribution = bins;

/** Clients as the client picker reads them (GET /clients). */
export const clientPage = {
  clients: [
    { id: mariaId, first_name: 'Maria', last_name: 'Lopez', email: 'maria.lopez@example.com' },
    { id: sofiaId, first_name: 'Sofia', last_name: 'Lopez', email: 'sofia.lopez@example.com' },
  ],
  total: 2,
  page: 1,
  per_page: 20,
  pages: 1,
};

/** The fetch stub the portfolio tests use: routes by path, records every call with its JSON body. */
export { stubServer } from './portfolios.fixtures.ts';

/**
 * Lazy chunks and whole-document forms (the template editor re-checks every field on each submit) can pass
 * the default 5 s in jsdom on a machine shared with the journeys.
 */
export const slow = { timeout: 12_000 };

export class StubResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
