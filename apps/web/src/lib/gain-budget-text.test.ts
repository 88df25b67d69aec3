import { describe, expect, it } from 'vitest';
import { formatWholeDollars } from '@meridian/domain/shared/format';
import { gainBudgetText } from './gain-budget-text.ts';

describe('the gain budget in a sentence', () => {
  it('says what is left after the trades', () => {
    // 5,000 a year, 3,800 used before, 1,200 of gains now: 0 left.
    expect(gainBudgetText({ gain_budget: 5000, gains_year_to_date: 3800, budget_left: 0 }, formatWholeDollars)).toBe(
      " Gain budget $5,000 a year: $3,800 already used (realised this year or in the client's other open proposals), $0 left after these trades.",
    );
  });

  it('says how far over a budget already spent is, never a negative amount left', () => {
    // 10,000 a year and 56,734 realised already: 46,734 over, whatever these trades add (nothing here).
    expect(gainBudgetText({ gain_budget: 10_000, gains_year_to_date: 56_734, budget_left: -46_734 }, formatWholeDollars)).toBe(
      " Gain budget $10,000 a year: $56,734 already used (realised this year or in the client's other open proposals), $46,734 over after these trades.",
    );
  });

  it('is empty without a budget', () => {
    expect(gainBudgetText({ gain_budget: null, gains_year_to_date: 900, budget_left: null }, formatWholeDollars)).toBe('');
  });
});
