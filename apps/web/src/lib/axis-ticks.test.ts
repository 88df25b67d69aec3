import { describe, expect, it } from 'vitest';
import { categorySpacing, dayTicks, decimalsOf, endLabelRoom, niceTicks, tickLabeller, type TickFormat } from './axis-ticks.ts';

const labels = (values: number[], format: TickFormat, options?: { integers?: boolean }) => {
  const scale = niceTicks(values, options);
  return scale.ticks.map(tickLabeller(format, scale));
};

/** A small deterministic generator, so the sweep below is the same on every run. */
function* randomRanges(count: number) {
  let seed = 7;
  const next = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  for (let index = 0; index < count; index += 1) {
    const magnitude = 10 ** Math.floor(next() * 14 - 4);
    const low = (next() * 2 - 0.5) * magnitude;
    yield [low, low + next() * magnitude * (next() < 0.5 ? 0.01 : 1)] as const;
  }
}

describe('decimalsOf', () => {
  it('counts the decimals a multiple of the step needs', () => {
    expect([500, 5, 2.5, 0.5, 0.05, 0.025, 0.0001].map(decimalsOf)).toEqual([0, 0, 1, 1, 2, 3, 4]);
  });
});

describe('niceTicks', () => {
  it('covers the values with 4 to 6 ticks a step of 1, 2, 2.5 or 5 × 10^n apart', () => {
    expect(niceTicks([3, 97])).toEqual({ min: 0, max: 100, step: 20, ticks: [0, 20, 40, 60, 80, 100] });
    expect(niceTicks([-0.058, 0]).ticks).toEqual([-0.06, -0.04, -0.02, 0]);
  });

  it("ticks a household's value around $1.5M in steps of $20K, not $100K", () => {
    expect(niceTicks([1_462_310, 1_497_000, 1_538_455])).toEqual({
      min: 1_460_000,
      max: 1_540_000,
      step: 20_000,
      ticks: [1_460_000, 1_480_000, 1_500_000, 1_520_000, 1_540_000],
    });
  });

  it("ticks the efficient frontier's percentages up to ~17% five percent apart", () => {
    expect(niceTicks([0.041, 0.087, 0.1712]).ticks).toEqual([0, 0.05, 0.1, 0.15, 0.2]);
    expect(niceTicks([0.035, 0.13]).ticks).toEqual([0, 0.05, 0.1, 0.15]);
  });

  it('keeps counts to whole steps', () => {
    expect(niceTicks([0, 3], { integers: true }).ticks).toEqual([0, 1, 2, 3]);
    expect(niceTicks([52, 81], { integers: true }).ticks).toEqual([50, 60, 70, 80, 90]);
    expect(niceTicks([0, 1], { integers: true }).ticks).toEqual([0, 1, 2, 3]);
  });

  it('ticks a flat line around its value, and nothing at all as 0 to 1', () => {
    expect(niceTicks([1_500_000, 1_500_000]).ticks).toEqual([1_400_000, 1_450_000, 1_500_000, 1_550_000, 1_600_000]);
    expect(niceTicks([0]).ticks).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceTicks([null, Number.NaN]).ticks).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });

  it('gives 4 to 6 round ticks that cover any range', () => {
    for (const [low, high] of randomRanges(500)) {
      const { ticks, step, min, max } = niceTicks([low, high]);
      const range = `${low}…${high}`;
      expect(ticks.length, range).toBeGreaterThanOrEqual(4);
      expect(ticks.length, range).toBeLessThanOrEqual(6);
      expect(min, range).toBeLessThanOrEqual(low);
      expect(max, range).toBeGreaterThanOrEqual(high);
      expect([1, 2, 2.5, 5], range).toContain(Number((step / 10 ** Math.floor(Math.log10(step))).toPrecision(6)));
    }
  });
});

describe('tickLabeller', () => {
  it("writes the household's ticks with the decimals their step needs: no label twice", () => {
    expect(labels([1_462_310, 1_538_455], 'dollars')).toEqual(['$1.46M', '$1.48M', '$1.50M', '$1.52M', '$1.54M']);
    expect(labels([1_441_000, 1_559_000], 'dollars')).toEqual(['$1.40M', '$1.45M', '$1.50M', '$1.55M', '$1.60M']);
  });

  it('writes dollars in one unit for the axis, zero plainly, cents only below a dollar step', () => {
    expect(labels([0, 2_000_000], 'dollars')).toEqual(['$0', '$0.5M', '$1.0M', '$1.5M', '$2.0M']);
    expect(labels([144e6, 152e6], 'dollars')).toEqual(['$144M', '$146M', '$148M', '$150M', '$152M']);
    expect(labels([150, 180], 'dollars')).toEqual(['$150', '$160', '$170', '$180']);
    expect(labels([1.1, 1.9], 'dollars')).toEqual(['$1.00', '$1.20', '$1.40', '$1.60', '$1.80', '$2.00']);
    expect(labels([-40_000, 10_000], 'dollars')).toEqual(['-$40K', '-$20K', '$0', '$20K']);
  });

  it('writes fractions as percentages, with a decimal only where the step has one', () => {
    expect(labels([0.041, 0.1712], 'percent')).toEqual(['0%', '5%', '10%', '15%', '20%']);
    expect(labels([-0.058, 0], 'percent')).toEqual(['-6%', '-4%', '-2%', '0%']);
    expect(labels([0.101, 0.109], 'percent')).toEqual(['10.0%', '10.2%', '10.4%', '10.6%', '10.8%', '11.0%']);
  });

  it('writes plain numbers and counts', () => {
    expect(labels([97.2, 108.4], 'number')).toEqual(['95', '100', '105', '110']);
    expect(labels([52, 81], 'number', { integers: true })).toEqual(['50', '60', '70', '80', '90']);
    expect(labels([0, 12_000], 'number')).toEqual(['0', '5,000', '10,000', '15,000']);
    expect(labels([0.1, 0.9], 'number')).toEqual(['0', '0.2', '0.4', '0.6', '0.8', '1.0']);
  });

  it('never writes two ticks alike, whatever the range', () => {
    for (const [low, high] of randomRanges(500)) {
      for (const format of ['dollars', 'percent', 'number'] as const) {
        const written = labels([low, high], format);
        expect(new Set(written).size, `${format} ${low}…${high}: ${written.join(' ')}`).toBe(written.length);
      }
    }
  });
});

describe('label room', () => {
  it("leaves half the last label's width beside the axis' end, at least the ordinary margin", () => {
    expect(endLabelRoom('17.5%')).toBe(23);
    expect(endLabelRoom('5%')).toBe(16);
  });

  it('spaces category ticks by the widest label', () => {
    expect(categorySpacing(["Q4 '25", "Q1 '26"])).toBe(57);
  });
});

describe('dayTicks', () => {
  const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
  const axis = (first: string, last: string) => {
    const { ticks, label } = dayTicks(day(first), day(last));
    return ticks.map(label);
  };

  it('ticks a month by its Mondays', () => {
    expect(dayTicks(day('2026-10-28'), day('2026-11-27')).ticks.map((tick) => tick.toISOString().slice(0, 10))).toEqual([
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
    ]);
    expect(axis('2026-10-28', '2026-11-27')).toEqual(['Nov 2', 'Nov 9', 'Nov 16', 'Nov 23']);
  });

  it('ticks a few days day by day, and a quarter by its months', () => {
    expect(axis('2026-01-02', '2026-01-07')).toEqual(['Jan 2', 'Jan 3', 'Jan 4', 'Jan 5', 'Jan 6', 'Jan 7']);
    expect(axis('2026-08-27', '2026-11-27')).toEqual(['Sep', 'Oct', 'Nov']);
  });

  it('names the year on its January, the months between', () => {
    expect(axis('2025-11-28', '2026-11-27')).toEqual(['2026', 'Mar', 'May', 'Jul', 'Sep', 'Nov']);
  });

  it('gives each month its year where the axis spans years, so none reads twice', () => {
    const labels = axis('2024-01-02', '2026-11-27');
    expect(labels).toEqual(["Jul '24", '2025', "Jul '25", '2026', "Jul '26"]);
  });

  it('ticks decades by their years', () => {
    expect(axis('1990-03-01', '2026-11-27')).toEqual(['2000', '2010', '2020']);
  });

  it('never gives more than six ticks, nor two alike', () => {
    for (let length = 1; length < 6000; length += 17) {
      const labels = axis('2023-03-15', new Date(day('2023-03-15').getTime() + length * 86_400_000).toISOString().slice(0, 10));
      expect(labels.length, `${length} days`).toBeLessThanOrEqual(6);
      expect(new Set(labels).size, `${length} days: ${labels.join(' ')}`).toBe(labels.length);
    }
  });
});
