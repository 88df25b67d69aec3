import { describe, expect, it } from 'vitest';
import { answersUpdateSchemaFor, itemScores, scorePercent, scoreResponse, validateAnswers } from './answers.ts';
import { assessmentTemplateMessages as m } from './messages.ts';
import { templateDefinitionSchema } from './template-definition.ts';

const definition = templateDefinitionSchema.parse({
  sections: [
    {
      key: 'profile',
      title: 'Your profile',
      questions: [
        {
          key: 'horizon',
          text: 'When will you need this money?',
          type: 'single_choice',
          required: true,
          weight: 2,
          options: [
            { value: 'short', label: 'Within 3 years', score: 1 },
            { value: 'medium', label: 'In 3 to 10 years', score: 3 },
            { value: 'long', label: 'In more than 10 years', score: 5 },
          ],
        },
        {
          key: 'goals',
          text: 'What are you investing for?',
          type: 'multiple_choice',
          required: false,
          options: [
            { value: 'growth', label: 'Growth', score: 3 },
            { value: 'income', label: 'Income', score: 2 },
            { value: 'preservation', label: 'Preservation', score: 0 },
            { value: 'speculation', label: 'Speculation', score: -1 },
          ],
        },
        // Reverse-keyed: worrying always (5) scores 1.
        {
          key: 'worry',
          text: 'I worry about falls in value',
          type: 'scale',
          required: true,
          weight: 2,
          scale: { min: 1, max: 5, reverse: true },
        },
        { key: 'age', text: 'Your age', type: 'number', required: false, number: { min: 0, max: 120, unit: 'years' } },
      ],
    },
    {
      key: 'context',
      title: 'Context',
      questions: [
        {
          key: 'products',
          text: 'What have you held?',
          type: 'multiple_choice',
          required: true,
          options: [
            { value: 'stocks', label: 'Stocks', score: 1 },
            { value: 'bonds', label: 'Bonds', score: 1 },
          ],
        },
        { key: 'comfort', text: 'Comfort with risk', type: 'scale', required: false, weight: 0.5, scale: { min: 0, max: 10 } },
        { key: 'notes', text: 'Anything else?', type: 'text', required: true },
        {
          key: 'internal',
          text: 'Met in person?',
          type: 'single_choice',
          required: false,
          weight: 0,
          options: [
            { value: 'yes', label: 'Yes', score: 1 },
            { value: 'no', label: 'No', score: 0 },
          ],
        },
      ],
    },
  ],
});

const complete = {
  horizon: 'long',
  goals: ['growth', 'speculation'],
  worry: 2,
  age: 45,
  products: ['stocks'],
  comfort: 7,
  notes: 'Saving for retirement',
  internal: 'yes',
};

const full = { partial: false };
const partial = { partial: true };
const issueOf = (key: string, value: unknown, options = full) =>
  validateAnswers(definition, { ...complete, [key]: value }, options).filter((issue) => issue.key === key);

describe('validateAnswers', () => {
  it('finds nothing wrong with a complete, valid response', () => {
    expect(validateAnswers(definition, complete, full)).toEqual([]);
    expect(validateAnswers(definition, complete, partial)).toEqual([]);
  });

  it('needs every required question answered, unless the response is partial', () => {
    expect(validateAnswers(definition, {}, full)).toEqual([
      { key: 'horizon', message: m.answerRequired },
      { key: 'worry', message: m.answerRequired },
      { key: 'products', message: m.answerRequired },
      { key: 'notes', message: m.answerRequired },
    ]);
    expect(validateAnswers(definition, {}, partial)).toEqual([]);
  });

  it('counts null, blank text and no option chosen as no answer', () => {
    expect(issueOf('horizon', null)).toEqual([{ key: 'horizon', message: m.answerRequired }]);
    expect(issueOf('notes', '   ')).toEqual([{ key: 'notes', message: m.answerRequired }]);
    expect(issueOf('products', [])).toEqual([{ key: 'products', message: m.multipleChoiceEmpty }]);
    expect(issueOf('products', [], partial)).toEqual([]);
    expect(issueOf('goals', [])).toEqual([]);
    expect(issueOf('age', null)).toEqual([]);
  });

  it('takes one of the option values for a single choice', () => {
    for (const value of ['forever', 'LONG', 5, ['long'], true]) {
      expect(issueOf('horizon', value)).toEqual([{ key: 'horizon', message: m.singleChoiceInvalid }]);
    }
    // Checked in a partial response too: only missing answers are allowed there.
    expect(issueOf('horizon', 'forever', partial)).toEqual([{ key: 'horizon', message: m.singleChoiceInvalid }]);
  });

  it('takes a list of distinct option values for a multiple choice', () => {
    expect(issueOf('goals', 'growth')).toEqual([{ key: 'goals', message: m.multipleChoiceInvalid }]);
    expect(issueOf('goals', ['growth', 'gold'])).toEqual([{ key: 'goals', message: m.multipleChoiceInvalid }]);
    expect(issueOf('goals', [1])).toEqual([{ key: 'goals', message: m.multipleChoiceInvalid }]);
    expect(issueOf('goals', ['growth', 'growth'])).toEqual([{ key: 'goals', message: m.multipleChoiceDuplicate }]);
    expect(issueOf('goals', ['growth', 'income', 'preservation', 'speculation'])).toEqual([]);
  });

  it('takes a whole number within the scale', () => {
    const message = m.scaleAnswerInvalid(1, 5);
    expect(message).toBe('Choose a whole number from 1 to 5');
    for (const value of [0, 6, 2.5, '3', Number.NaN]) expect(issueOf('worry', value)).toEqual([{ key: 'worry', message }]);
    expect(issueOf('worry', 1)).toEqual([]);
    expect(issueOf('worry', 5)).toEqual([]);
    expect(issueOf('comfort', 0)).toEqual([]);
  });

  it('takes a finite number within the bounds', () => {
    for (const value of ['45', Number.NaN, Infinity, -Infinity])
      expect(issueOf('age', value)).toEqual([{ key: 'age', message: m.numberAnswerInvalid }]);
    expect(issueOf('age', -1)).toEqual([{ key: 'age', message: 'Enter a number of at least 0' }]);
    expect(issueOf('age', 120.5)).toEqual([{ key: 'age', message: 'Enter a number of at most 120' }]);
    expect(issueOf('age', 0)).toEqual([]);
    expect(issueOf('age', 33.5)).toEqual([]);
  });

  it('takes text of at most 2000 characters', () => {
    expect(issueOf('notes', 42)).toEqual([{ key: 'notes', message: m.textAnswerInvalid }]);
    expect(issueOf('notes', 'x'.repeat(2000))).toEqual([]);
    expect(issueOf('notes', 'x'.repeat(2001))).toEqual([{ key: 'notes', message: m.textAnswerTooLong }]);
  });

  it('reports keys that name no question, after the questions', () => {
    expect(validateAnswers(definition, { extra: 1, ...complete, horizon: 'never' }, partial)).toEqual([
      { key: 'horizon', message: m.singleChoiceInvalid },
      { key: 'extra', message: m.unknownQuestion },
    ]);
  });

  it('reads own answers only', () => {
    const withConstructor = templateDefinitionSchema.parse({
      sections: [{ key: 's', title: 'S', questions: [{ key: 'constructor', text: 'Q', type: 'text', required: true }] }],
    });
    // Object.prototype.constructor is not an answer.
    expect(validateAnswers(withConstructor, {}, full)).toEqual([{ key: 'constructor', message: m.answerRequired }]);
    expect(validateAnswers(withConstructor, { constructor: 'An answer' }, full)).toEqual([]);
  });
});

describe('answersUpdateSchemaFor', () => {
  const schema = answersUpdateSchemaFor(definition);
  const problems = (body: unknown) => {
    const parsed = schema.safeParse(body);
    return parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
  };

  it('takes a valid body as the contract reads it', () => {
    expect(schema.parse({ answers: complete, submit: true, sync_version: '3' })).toEqual({
      answers: complete,
      submit: true,
      sync_version: 3,
    });
  });

  it('puts each answer problem at answers.<key>, the required ones only when the body submits', () => {
    const answers = { horizon: 'never', age: 200 };
    expect(problems({ answers, submit: false, sync_version: 3 })).toEqual([
      ['answers.horizon', m.singleChoiceInvalid],
      ['answers.age', m.numberTooLarge(120)],
    ]);
    expect(problems({ answers, submit: true, sync_version: 3 })).toEqual([
      ['answers.horizon', m.singleChoiceInvalid],
      ['answers.worry', m.answerRequired],
      ['answers.age', m.numberTooLarge(120)],
      ['answers.products', m.answerRequired],
      ['answers.notes', m.answerRequired],
    ]);
  });

  it("keeps the contract's own messages", () => {
    expect(problems({ answers: complete, submit: true })).toEqual([['sync_version', m.syncVersionRequired]]);
  });
});

describe('scoreResponse', () => {
  it('adds weight × item score by section and in total', () => {
    // profile: horizon 2 × 5 of 2 × 5; goals 3 − 1 = 2 of 3 + 2 = 5; worry reversed 6 − 2 = 4, 2 × 4 of 2 × 5.
    //   20 of 25 = 80 %. (age is a number: not scored.)
    // context: products 1 of 2; comfort 0.5 × 7 of 0.5 × 10; notes is text and internal weighs 0.
    //   4.5 of 7 = 64.2857… %.
    // total: 24.5 of 32 = 76.5625 %.
    expect(scoreResponse(definition, complete)).toEqual({
      sections: [
        { key: 'profile', title: 'Your profile', score: 20, max: 25, percent: 80 },
        { key: 'context', title: 'Context', score: 4.5, max: 7, percent: 64.3 },
      ],
      total: { score: 24.5, max: 32, percent: 76.6 },
    });
  });

  it('reverses a reverse-keyed scale: min + max − value', () => {
    const worry = (value: number) => scoreResponse(definition, { ...complete, worry: value }).sections[0]?.score;
    // horizon 10 + goals 2, then worry × 2.
    expect(worry(1)).toBe(12 + 2 * 5);
    expect(worry(3)).toBe(12 + 2 * 3);
    expect(worry(5)).toBe(12 + 2 * 1);
  });

  it('adds the chosen options of a multiple choice, out of the options worth something', () => {
    const goals = (value: unknown) => scoreResponse(definition, { horizon: 'short', goals: value }).sections[0];
    // horizon 2 × 1 of 2 × 5 = 10; goals out of 3 + 2 (preservation 0 and speculation −1 add nothing to the max).
    expect(goals(['growth', 'income'])).toMatchObject({ score: 2 + 5, max: 10 + 5 });
    expect(goals(['preservation'])).toMatchObject({ score: 2 + 0, max: 10 + 5 });
    expect(goals(['speculation', 'income'])).toMatchObject({ score: 2 + 1, max: 10 + 5 });
  });

  it('leaves unanswered and invalid answers out of both score and max', () => {
    const rest = Object.fromEntries(Object.entries(complete).filter(([key]) => key !== 'goals' && key !== 'comfort'));
    // profile 10 + 8 of 10 + 10 = 90 %; context 1 of 2 = 50 %; total 19 of 22 = 86.36… %.
    expect(scoreResponse(definition, rest)).toEqual({
      sections: [
        { key: 'profile', title: 'Your profile', score: 18, max: 20, percent: 90 },
        { key: 'context', title: 'Context', score: 1, max: 2, percent: 50 },
      ],
      total: { score: 19, max: 22, percent: 86.4 },
    });
    expect(scoreResponse(definition, { ...rest, goals: ['gold'], comfort: 11 })).toEqual(scoreResponse(definition, rest));
  });

  it('has no percentage where nothing was scored', () => {
    expect(scoreResponse(definition, { age: 40, notes: 'Text', internal: 'yes' })).toEqual({
      sections: [
        { key: 'profile', title: 'Your profile', score: 0, max: 0, percent: null },
        { key: 'context', title: 'Context', score: 0, max: 0, percent: null },
      ],
      total: { score: 0, max: 0, percent: null },
    });
  });

  it('keeps the percentage within 0 to 100 when options score below 0', () => {
    const negative = templateDefinitionSchema.parse({
      sections: [
        {
          key: 's',
          title: 'S',
          questions: [
            {
              key: 'q',
              text: 'Q',
              type: 'single_choice',
              required: true,
              options: [
                { value: 'bad', label: 'Bad', score: -2 },
                { value: 'good', label: 'Good', score: 4 },
              ],
            },
          ],
        },
      ],
    });
    expect(scoreResponse(negative, { q: 'bad' }).total).toEqual({ score: -2, max: 4, percent: 0 });
    expect(scoreResponse(negative, { q: 'good' }).total).toEqual({ score: 4, max: 4, percent: 100 });
  });
});

describe('scorePercent', () => {
  it('is score over max in percent to one decimal, within 0 to 100, and null when nothing scores', () => {
    expect(scorePercent(14, 17)).toBe(82.4);
    expect(scorePercent(47.26, 100)).toBe(47.3);
    expect(scorePercent(-1, 5)).toBe(0);
    expect(scorePercent(3, 0)).toBeNull();
  });
});

describe('itemScores', () => {
  it('lists every scored question with its score before weight, null when unanswered', () => {
    expect(itemScores(definition, { ...complete, goals: undefined, comfort: 'lots' })).toEqual([
      { key: 'horizon', section_key: 'profile', score: 5 },
      { key: 'goals', section_key: 'profile', score: null },
      { key: 'worry', section_key: 'profile', score: 4 },
      { key: 'products', section_key: 'context', score: 1 },
      { key: 'comfort', section_key: 'context', score: null },
    ]);
  });
});
