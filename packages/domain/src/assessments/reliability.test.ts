import { describe, expect, it } from 'vitest';
import { alphaLabel, cronbachAlpha, minimumResponsesForReliability, scaleReliability, scoreDistribution } from './reliability.ts';
import { templateDefinitionSchema } from './template-definition.ts';

/**
 * Five respondents (rows), three items (columns).
 *
 *              item 1  item 2  item 3 | total
 *   R1            2       3       3   |   8
 *   R2            4       4       5   |  13
 *   R3            3       3       4   |  10
 *   R4            5       4       5   |  14
 *   R5            1       1       3   |   5
 *   mean          3       3       4   |  10
 *
 * Deviations from the mean and sample variances (n − 1 = 4):
 *   item 1: −1, 1, 0, 2, −2  → Σ² = 10 → 2.5
 *   item 2:  0, 1, 0, 1, −2  → Σ² =  6 → 1.5
 *   item 3: −1, 1, 0, 1, −1  → Σ² =  4 → 1
 *   total:  −2, 3, 0, 4, −5  → Σ² = 54 → 13.5
 * Σ item variances = 5.
 * α = 3 / 2 × (1 − 5 / 13.5) = 3 / 2 × 17 / 27 = 17 / 18 = 0.9444…
 */
const fiveByThree = [
  [2, 3, 3],
  [4, 4, 5],
  [3, 3, 4],
  [5, 4, 5],
  [1, 1, 3],
];

describe('cronbachAlpha', () => {
  it('matches the worked example', () => {
    expect(Math.abs((cronbachAlpha(fiveByThree) as number) - 17 / 18)).toBeLessThan(1e-12);
  });

  it('is 1 for identical items and negative for items that pull against each other', () => {
    // Items 1, 2, 3 and 1, 2, 3: variances 1 and 1, totals 2, 4, 6 of variance 4 → 2 × (1 − 2 / 4) = 1.
    expect(
      cronbachAlpha([
        [1, 1],
        [2, 2],
        [3, 3],
      ]),
    ).toBe(1);
    // Items 1, 2, 3 and 3, 1, 2: variances 1 and 1, totals 4, 3, 5 of variance 1 → 2 × (1 − 2 / 1) = −2.
    expect(
      cronbachAlpha([
        [1, 3],
        [2, 1],
        [3, 2],
      ]),
    ).toBe(-2);
  });

  it('is null with fewer than 2 items or respondents, or totals that never vary', () => {
    expect(cronbachAlpha([])).toBeNull();
    expect(cronbachAlpha([[1, 2, 3]])).toBeNull();
    expect(cronbachAlpha([[1], [2], [3]])).toBeNull();
    expect(cronbachAlpha([[], []])).toBeNull();
    expect(
      cronbachAlpha([
        [1, 3],
        [3, 1],
        [2, 2],
      ]),
    ).toBeNull();
    expect(
      cronbachAlpha([
        [4, 4],
        [4, 4],
      ]),
    ).toBeNull();
    // 0.1 + 0.7 and 0.3 + 0.5 differ by rounding only: still no variance.
    expect(0.1 + 0.7).not.toBe(0.3 + 0.5);
    expect(
      cronbachAlpha([
        [0.1, 0.7],
        [0.3, 0.5],
      ]),
    ).toBeNull();
  });

  it('refuses rows of different lengths and numbers that are not finite', () => {
    expect(() =>
      cronbachAlpha([
        [1, 2],
        [1, 2, 3],
      ]),
    ).toThrow(RangeError);
    expect(() =>
      cronbachAlpha([
        [1, 2],
        [1, Number.NaN],
      ]),
    ).toThrow(RangeError);
    expect(() =>
      cronbachAlpha([
        [1, Infinity],
        [1, 2],
      ]),
    ).toThrow(RangeError);
  });
});

describe('alphaLabel', () => {
  it('names the George & Mallery bands, each from its lower bound', () => {
    const cases: [number, string][] = [
      [1, 'Excellent'],
      [0.9, 'Excellent'],
      [0.8999, 'Good'],
      [0.8, 'Good'],
      [0.7, 'Acceptable'],
      [0.6999, 'Questionable'],
      [0.6, 'Questionable'],
      [0.5, 'Poor'],
      [0.4999, 'Unacceptable'],
      [-2, 'Unacceptable'],
    ];
    for (const [alpha, label] of cases) expect(alphaLabel(alpha), String(alpha)).toBe(label);
  });
});

describe('scaleReliability', () => {
  const scaleQuestion = (key: string, extra: object = {}) => ({
    key,
    text: key,
    type: 'scale',
    required: false,
    scale: { min: 1, max: 5 },
    ...extra,
  });
  const definition = templateDefinitionSchema.parse({
    sections: [
      {
        key: 'risk',
        title: 'Risk',
        questions: [
          scaleQuestion('a'),
          // Weights do not change an item's score for alpha.
          scaleQuestion('b', { weight: 3 }),
          scaleQuestion('c', { scale: { min: 1, max: 5, reverse: true } }),
          { key: 'why', text: 'Why?', type: 'text', required: false },
          scaleQuestion('unscored', { weight: 0 }),
        ],
      },
      { key: 'single', title: 'One item', questions: [scaleQuestion('d'), scaleQuestion('e', { weight: 0 })] },
    ],
  });
  // The worked example, with item 3 answered on its reversed scale (6 − score).
  const responses = fiveByThree.map(([a, b, c]) => ({ a, b, c: 6 - (c as number), d: 1, why: 'Because' }));

  it('computes alpha per section of at least 2 scored questions, over the responses that answered them all', () => {
    const partial = { a: 1, b: 2, d: 3 };
    const [risk, ...others] = scaleReliability(definition, [...responses, partial, {}]);
    expect(others).toEqual([]);
    expect(risk).toMatchObject({ section_key: 'risk', title: 'Risk', items: 3, respondents: 5 });
    expect(Math.abs((risk?.alpha as number) - 17 / 18)).toBeLessThan(1e-12);
  });

  it('has no alpha with fewer than 2 complete respondents', () => {
    expect(scaleReliability(definition, responses.slice(0, 1))).toEqual([
      { section_key: 'risk', title: 'Risk', items: 3, respondents: 1, alpha: null },
    ]);
    expect(scaleReliability(definition, [])).toEqual([{ section_key: 'risk', title: 'Risk', items: 3, respondents: 0, alpha: null }]);
  });

  it('shows alpha from 10 complete responses', () => {
    expect(minimumResponsesForReliability).toBe(10);
  });
});

describe('scoreDistribution', () => {
  it('counts percentages in 10 bins over 0 to 100, with 0 in the first and 100 in the last', () => {
    const bins = scoreDistribution([0, 9.9, 10, 55, 59.99, 90, 99.9, 100, 100]);
    expect(bins.map(({ from, to }) => [from, to])).toEqual(Array.from({ length: 10 }, (_, i) => [i * 10, i * 10 + 10]));
    expect(bins.map((bin) => bin.count)).toEqual([2, 1, 0, 0, 0, 2, 0, 0, 0, 4]);
  });

  it('puts a value on a bin edge in the bin it starts', () => {
    const edges = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90];
    expect(scoreDistribution(edges).map((bin) => bin.count)).toEqual(Array(10).fill(1));
  });

  it('takes another number of bins, skips null and NaN, and keeps strays in the end bins', () => {
    expect(scoreDistribution([0, 24.9, 25, 50, 74.9, 75, 100], 4)).toEqual([
      { from: 0, to: 25, count: 2 },
      { from: 25, to: 50, count: 1 },
      { from: 50, to: 75, count: 2 },
      { from: 75, to: 100, count: 2 },
    ]);
    expect(scoreDistribution([null, Number.NaN, -5, 130], 2).map((bin) => bin.count)).toEqual([1, 1]);
    expect(scoreDistribution([]).every((bin) => bin.count === 0)).toBe(true);
  });

  it('refuses a number of bins that is not a whole number of at least 1', () => {
    expect(() => scoreDistribution([50], 0)).toThrow(RangeError);
    expect(() => scoreDistribution([50], 2.5)).toThrow(RangeError);
  });
});
