import type { TaxEffect } from '@meridian/domain/recommendations/contracts';

/**
 * The client's realised-gain budget in a sentence, after a plan's trades: what it allows a year, what
 * is already used (this year's sales and the client's other open proposals) and what is left. A budget
 * already spent says how far over it is rather than a negative amount left. Empty without a budget.
 */
export function gainBudgetText(
  tax: Pick<TaxEffect, 'gain_budget' | 'gains_year_to_date' | 'budget_left'>,
  format: (dollars: number) => string,
): string {
  if (tax.gain_budget === null) return '';
  const used = `${format(tax.gains_year_to_date)} already used (realised this year or in the client's other open proposals)`;
  const left = tax.budget_left ?? 0;
  const after = left >= 0 ? `${format(left)} left after these trades` : `${format(-left)} over after these trades`;
  return ` Gain budget ${format(tax.gain_budget)} a year: ${used}, ${after}.`;
}
