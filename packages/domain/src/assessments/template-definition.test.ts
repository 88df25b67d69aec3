import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { assessmentStatuses as clientAssessmentStatuses } from '../clients/contracts.ts';
import { assessmentTemplateMessages as m } from './messages.ts';
import {
  responseStatuses,
  responseStatusLabels,
  assessmentTemplateKinds,
  assignmentCreateSchema,
  templateCreateSchema,
  templateDefinitionSchema,
  templateUpdateSchema,
} from './template-definition.ts';

/** Each issue as 'path: message', to compare whole lists. */
const issuesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

const choice = (key: string, extra: object = {}) => ({
  key,
  text: `Question ${key}`,
  type: 'single_choice',
  required: true,
  options: [
    { value: 'yes', label: 'Yes', score: 1 },
    { value: 'no', label: 'No', score: 0 },
  ],
  ...extra,
});
const scale = (key: string, settings: object = { min: 1, max: 5 }, extra: object = {}) => ({
  key,
  text: `Question ${key}`,
  type: 'scale',
  required: true,
  scale: settings,
  ...extra,
});
const text = (key: string, extra: object = {}) => ({ key, text: `Question ${key}`, type: 'text', required: false, ...extra });
const definitionOf = (...questions: unknown[]) => ({ sections: [{ key: 'main', title: 'Main', questions }] });
const questionPath = 'sections.0.questions.0';

describe('templateDefinitionSchema', () => {
  it('accepts a definition of every question type, trims text and gives weight 1 by default', () => {
    const parsed = templateDefinitionSchema.parse({
      sections: [
        {
          key: 'risk',
          title: '  Attitude to risk  ',
          description: 'How you feel about losses',
          questions: [
            choice('horizon', { weight: 2.5 }),
            choice('goals', { type: 'multiple_choice', required: false }),
            scale('worry', { min: 1, max: 5, min_label: 'Never', max_label: 'Always', reverse: true }, { weight: 0 }),
          ],
        },
        {
          key: 'about-you',
          title: 'About you',
          questions: [
            { key: 'age', text: 'Your age', type: 'number', required: false, number: { min: 18, max: 120, unit: 'years' } },
            { key: 'income', text: 'Income', type: 'number', required: false },
            text('notes'),
          ],
        },
      ],
    });
    expect(parsed.sections[0]?.title).toBe('Attitude to risk');
    expect(parsed.sections[0]?.questions.map((question) => question.weight)).toEqual([2.5, 1, 0]);
    expect(parsed.sections[1]?.questions.map((question) => question.weight)).toEqual([1, 1, 1]);
  });

  it('needs 1 to 20 sections of 1 to 50 questions', () => {
    const section = (index: number) => ({ key: `s${index}`, title: 'S', questions: [text(`q${index}`)] });
    expect(issuesOf(templateDefinitionSchema, { sections: [] })).toEqual([`sections: ${m.sectionsRequired}`]);
    expect(issuesOf(templateDefinitionSchema, {})).toEqual([`sections: ${m.sectionsRequired}`]);
    expect(issuesOf(templateDefinitionSchema, null)).toEqual([`: ${m.definitionInvalid}`]);
    expect(issuesOf(templateDefinitionSchema, { sections: Array.from({ length: 20 }, (_, i) => section(i)) })).toEqual([]);
    expect(issuesOf(templateDefinitionSchema, { sections: Array.from({ length: 21 }, (_, i) => section(i)) })).toEqual([
      `sections: ${m.sectionsTooMany}`,
    ]);
    expect(issuesOf(templateDefinitionSchema, definitionOf())).toEqual([`sections.0.questions: ${m.questionsRequired}`]);
    const fifty = Array.from({ length: 50 }, (_, i) => text(`q${i}`));
    expect(issuesOf(templateDefinitionSchema, definitionOf(...fifty))).toEqual([]);
    expect(issuesOf(templateDefinitionSchema, definitionOf(...fifty, text('q50')))).toEqual([
      `sections.0.questions: ${m.questionsTooMany}`,
    ]);
  });

  it('refuses a question key used twice, even in another section', () => {
    const definition = {
      sections: [
        { key: 'one', title: 'One', questions: [text('shared'), text('other')] },
        { key: 'two', title: 'Two', questions: [text('fine'), text('shared')] },
      ],
    };
    expect(issuesOf(templateDefinitionSchema, definition)).toEqual([`sections.1.questions.1.key: ${m.questionKeysUnique}`]);
  });

  it('refuses a section key used twice', () => {
    const definition = {
      sections: [
        { key: 'same', title: 'One', questions: [text('a')] },
        { key: 'same', title: 'Two', questions: [text('b')] },
      ],
    };
    expect(issuesOf(templateDefinitionSchema, definition)).toEqual([`sections.1.key: ${m.sectionKeysUnique}`]);
  });

  it('takes keys and option values that are slugs only', () => {
    for (const key of ['Risk', 'has space', '__proto__', 'a--b', '-a', 'a_', '', 'x'.repeat(65)]) {
      expect(issuesOf(templateDefinitionSchema, definitionOf(text(key)))).toEqual([`${questionPath}.key: ${m.questionKeyInvalid}`]);
    }
    expect(issuesOf(templateDefinitionSchema, definitionOf(text('q1'), text('risk_level-2'), text('x'.repeat(64))))).toEqual([]);
    expect(issuesOf(templateDefinitionSchema, { sections: [{ key: 'Main', title: 'Main', questions: [text('a')] }] })).toEqual([
      `sections.0.key: ${m.sectionKeyInvalid}`,
    ]);
    const options = [
      { value: 'Yes', label: 'Yes', score: 1 },
      { value: 'no', label: 'No', score: 0 },
    ];
    expect(issuesOf(templateDefinitionSchema, definitionOf(choice('a', { options })))).toEqual([
      `${questionPath}.options.0.value: ${m.optionValueInvalid}`,
    ]);
  });

  it('checks text, type, required and weight', () => {
    expect(issuesOf(templateDefinitionSchema, definitionOf(text('a', { text: '   ' })))).toEqual([
      `${questionPath}.text: ${m.questionTextRequired}`,
    ]);
    expect(issuesOf(templateDefinitionSchema, definitionOf(text('a', { text: 'x'.repeat(500) })))).toEqual([]);
    expect(issuesOf(templateDefinitionSchema, definitionOf(text('a', { text: 'x'.repeat(501) })))).toEqual([
      `${questionPath}.text: ${m.questionTextTooLong}`,
    ]);
    expect(issuesOf(templateDefinitionSchema, definitionOf(text('a', { type: 'date' })))).toEqual([
      `${questionPath}.type: ${m.questionTypeInvalid}`,
    ]);
    expect(issuesOf(templateDefinitionSchema, definitionOf('a question'))).toEqual([`${questionPath}: ${m.questionInvalid}`]);
    expect(issuesOf(templateDefinitionSchema, definitionOf(text('a', { required: 'yes' })))).toEqual([
      `${questionPath}.required: ${m.requiredInvalid}`,
    ]);
    for (const weight of [-0.1, 10.5, '2', null]) {
      expect(issuesOf(templateDefinitionSchema, definitionOf(choice('a', { weight })))).toEqual([
        `${questionPath}.weight: ${m.weightInvalid}`,
      ]);
    }
    expect(issuesOf(templateDefinitionSchema, definitionOf(choice('a', { weight: 10 })))).toEqual([]);
  });

  it('needs 2 to 20 options of distinct values on a choice question', () => {
    const option = (value: string) => ({ value, label: value, score: 1 });
    expect(issuesOf(templateDefinitionSchema, definitionOf(choice('a', { options: undefined })))).toEqual([
      `${questionPath}.options: ${m.optionsRequired}`,
    ]);
    expect(issuesOf(templateDefinitionSchema, definitionOf(choice('a', { type: 'multiple_choice', options: [option('x')] })))).toEqual([
      `${questionPath}.options: ${m.optionsRequired}`,
    ]);
    const twentyOne = Array.from({ length: 21 }, (_, i) => option(`o${i}`));
    expect(issuesOf(templateDefinitionSchema, definitionOf(choice('a', { options: twentyOne.slice(0, 20) })))).toEqual([]);
    expect(issuesOf(templateDefinitionSchema, definitionOf(choice('a', { options: twentyOne })))).toEqual([
      `${questionPath}.options: ${m.optionsTooMany}`,
    ]);
    expect(issuesOf(templateDefinitionSchema, definitionOf(choice('a', { options: [option('x'), option('y'), option('x')] })))).toEqual([
      `${questionPath}.options.2.value: ${m.optionValuesUnique}`,
    ]);
  });

  it('checks each option', () => {
    const options = (extra: object) => [
      { value: 'a', label: 'A', score: 1, ...extra },
      { value: 'b', label: 'B', score: 0 },
    ];
    expect(issuesOf(templateDefinitionSchema, definitionOf(choice('q', { options: options({ label: ' ' }) })))).toEqual([
      `${questionPath}.options.0.label: ${m.optionLabelRequired}`,
    ]);
    expect(issuesOf(templateDefinitionSchema, definitionOf(choice('q', { options: options({ label: 'x'.repeat(201) }) })))).toEqual([
      `${questionPath}.options.0.label: ${m.optionLabelTooLong}`,
    ]);
    for (const score of [1001, -1001, Number.NaN, Infinity, '1', undefined]) {
      expect(issuesOf(templateDefinitionSchema, definitionOf(choice('q', { options: options({ score }) })))).toEqual([
        `${questionPath}.options.0.score: ${m.optionScoreInvalid}`,
      ]);
    }
    expect(issuesOf(templateDefinitionSchema, definitionOf(choice('q', { options: options({ score: -2.5 }) })))).toEqual([]);
  });

  it('refuses options, a scale or number settings on a question of another type', () => {
    const options = [
      { value: 'yes', label: 'Yes', score: 1 },
      { value: 'no', label: 'No', score: 0 },
    ];
    expect(issuesOf(templateDefinitionSchema, definitionOf(text('a', { options })))).toEqual([
      `${questionPath}.options: ${m.optionsNotAllowed}`,
    ]);
    expect(issuesOf(templateDefinitionSchema, definitionOf(text('a', { options: [] })))).toEqual([
      `${questionPath}.options: ${m.optionsNotAllowed}`,
    ]);
    expect(issuesOf(templateDefinitionSchema, definitionOf(scale('a', { min: 1, max: 5 }, { options })))).toEqual([
      `${questionPath}.options: ${m.optionsNotAllowed}`,
    ]);
    expect(issuesOf(templateDefinitionSchema, definitionOf(choice('a', { scale: { min: 1, max: 5 } })))).toEqual([
      `${questionPath}.scale: ${m.scaleNotAllowed}`,
    ]);
    expect(issuesOf(templateDefinitionSchema, definitionOf(text('a', { number: { min: 0 } })))).toEqual([
      `${questionPath}.number: ${m.numberNotAllowed}`,
    ]);
  });

  it('needs a scale of whole numbers, min below max, spanning at most 10 points', () => {
    const scaleIssues = (settings: unknown) => issuesOf(templateDefinitionSchema, definitionOf(scale('a', settings as object)));
    // (The helper's default scale stands in for undefined, so this question is written out.)
    const noScale = { key: 'a', text: 'A', type: 'scale', required: true };
    expect(issuesOf(templateDefinitionSchema, definitionOf(noScale))).toEqual([`${questionPath}.scale: ${m.scaleRequired}`]);
    expect(scaleIssues({ min: 0, max: 10 })).toEqual([]);
    expect(scaleIssues({ min: -5, max: 5 })).toEqual([]);
    expect(scaleIssues({ min: 0, max: 11 })).toEqual([`${questionPath}.scale.max: ${m.scaleSpanTooLarge}`]);
    expect(scaleIssues({ min: 3, max: 3 })).toEqual([`${questionPath}.scale.max: ${m.scaleOrderInvalid}`]);
    expect(scaleIssues({ min: 5, max: 1 })).toEqual([`${questionPath}.scale.max: ${m.scaleOrderInvalid}`]);
    expect(scaleIssues({ min: 1, max: 4.5 })).toEqual([`${questionPath}.scale.max: ${m.scaleBoundInvalid}`]);
    expect(scaleIssues({ max: 5 })).toEqual([`${questionPath}.scale.min: ${m.scaleBoundInvalid}`]);
    expect(scaleIssues({ min: 1, max: 5, reverse: 'yes' })).toEqual([`${questionPath}.scale.reverse: ${m.reverseInvalid}`]);
    expect(scaleIssues({ min: 1, max: 5, max_label: 'x'.repeat(101) })).toEqual([
      `${questionPath}.scale.max_label: ${m.scaleLabelTooLong}`,
    ]);
  });

  it('needs number settings with min not above max', () => {
    const numberIssues = (settings: object) =>
      issuesOf(templateDefinitionSchema, definitionOf({ key: 'a', text: 'A', type: 'number', required: true, number: settings }));
    expect(numberIssues({ min: 5, max: 5 })).toEqual([]);
    expect(numberIssues({ min: 6, max: 5 })).toEqual([`${questionPath}.number.max: ${m.numberRangeInvalid}`]);
    expect(numberIssues({ min: 'low' })).toEqual([`${questionPath}.number.min: ${m.numberBoundInvalid}`]);
    expect(numberIssues({ unit: 'x'.repeat(21) })).toEqual([`${questionPath}.number.unit: ${m.unitTooLong}`]);
  });
});

describe('template requests', () => {
  const definition = definitionOf(text('a'));

  it('creates a template with a name of 1 to 120 characters and an optional description', () => {
    expect(templateCreateSchema.parse({ name: '  Goals review ', definition })).toMatchObject({ name: 'Goals review' });
    expect(issuesOf(templateCreateSchema, { name: ' ', definition })).toEqual([`name: ${m.nameRequired}`]);
    expect(issuesOf(templateCreateSchema, { definition })).toEqual([`name: ${m.nameRequired}`]);
    expect(issuesOf(templateCreateSchema, { name: 'x'.repeat(121), definition })).toEqual([`name: ${m.nameTooLong}`]);
    expect(issuesOf(templateCreateSchema, { name: 'x', description: 'x'.repeat(1001), definition })).toEqual([
      `description: ${m.descriptionTooLong}`,
    ]);
    expect(issuesOf(templateCreateSchema, { name: 'x', description: null, definition })).toEqual([]);
    expect(issuesOf(templateCreateSchema, { name: 'x' })).toEqual([`definition: ${m.definitionInvalid}`]);
  });

  it('updates any field but always names the version it read', () => {
    expect(templateUpdateSchema.parse({ sync_version: 3 })).toEqual({ sync_version: 3 });
    expect(templateUpdateSchema.parse({ is_active: false, definition, sync_version: '2' })).toMatchObject({
      is_active: false,
      sync_version: 2,
    });
    expect(issuesOf(templateUpdateSchema, { name: 'New name' })).toEqual([`sync_version: ${m.syncVersionRequired}`]);
    expect(issuesOf(templateUpdateSchema, { is_active: 'no', sync_version: 1 })).toEqual([`is_active: ${m.isActiveInvalid}`]);
    expect(issuesOf(templateUpdateSchema, { definition: { sections: [] }, sync_version: 1 })).toEqual([
      `definition.sections: ${m.sectionsRequired}`,
    ]);
  });

  it('assigns 1 to 500 distinct clients, with an optional due date', () => {
    const id = (n: number) => `00000000-0000-4000-8000-${n.toString().padStart(12, '0')}`;
    const first = id(1);
    expect(assignmentCreateSchema.parse({ client_ids: [first], due_date: '2026-03-31' })).toEqual({
      client_ids: [first],
      due_date: '2026-03-31',
    });
    expect(issuesOf(assignmentCreateSchema, { client_ids: [first] })).toEqual([]);
    expect(issuesOf(assignmentCreateSchema, { client_ids: [] })).toEqual([`client_ids: ${m.clientIdsRequired}`]);
    expect(issuesOf(assignmentCreateSchema, {})).toEqual([`client_ids: ${m.clientIdsRequired}`]);
    expect(issuesOf(assignmentCreateSchema, { client_ids: Array.from({ length: 500 }, (_, i) => id(i)) })).toEqual([]);
    expect(issuesOf(assignmentCreateSchema, { client_ids: Array.from({ length: 501 }, (_, i) => id(i)) })).toEqual([
      `client_ids: ${m.clientIdsTooMany}`,
    ]);
    expect(issuesOf(assignmentCreateSchema, { client_ids: ['not-a-uuid'] })).toEqual([`client_ids.0: ${m.clientIdInvalid}`]);
    const upper = 'ABCDEF00-0000-4000-8000-000000000001';
    expect(issuesOf(assignmentCreateSchema, { client_ids: [upper, upper.toLowerCase()] })).toEqual([`client_ids: ${m.clientIdsUnique}`]);
    for (const due_date of ['2026-02-30', '31/03/2026', '2026-3-31', 20260331]) {
      expect(issuesOf(assignmentCreateSchema, { client_ids: [first], due_date })).toEqual([`due_date: ${m.dueDateInvalid}`]);
    }
  });
});

describe('kinds and statuses', () => {
  it('are the spec values, labelled as the clients list shows them', () => {
    expect(assessmentTemplateKinds).toEqual(['ipq', 'custom']);
    expect(responseStatuses).toEqual(['pending', 'in_progress', 'complete']);
    expect(responseStatusLabels).toEqual({ pending: 'Pending', in_progress: 'In Progress', complete: 'Complete' });
    expect(responseStatuses.map((status) => responseStatusLabels[status])).toEqual([...clientAssessmentStatuses]);
  });
});
