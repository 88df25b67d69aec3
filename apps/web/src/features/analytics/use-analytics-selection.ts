import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { defaultAnalyticsPeriod, performancePeriods, type PerformancePeriod } from '@meridian/domain/analytics/contracts';
import type { AnalyticsScopeKind } from './analytics-api.ts';

export type AnalyticsSelection = { kind: AnalyticsScopeKind; id: string } | null;

const isPeriod = (value: string | null): value is PerformancePeriod =>
  value !== null && (performancePeriods as readonly string[]).includes(value);

/**
 * What the analytics page shows, kept in the address (`?portfolio=<id>` or `?household=<id>`, and
 * `period=`), so a portfolio page or a household can link straight to it and a reload keeps it.
 */
export function useAnalyticsSelection() {
  const [params, setParams] = useSearchParams();
  const portfolio = params.get('portfolio');
  const household = params.get('household');
  const selection: AnalyticsSelection = portfolio
    ? { kind: 'portfolio', id: portfolio }
    : household
      ? { kind: 'household', id: household }
      : null;
  const requested = params.get('period');
  const period: PerformancePeriod = isPeriod(requested) ? requested : defaultAnalyticsPeriod;

  const select = useCallback(
    (next: AnalyticsSelection) =>
      setParams((previous) => {
        const updated = new URLSearchParams(previous);
        updated.delete('portfolio');
        updated.delete('household');
        if (next) updated.set(next.kind, next.id);
        return updated;
      }),
    [setParams],
  );
  const setPeriod = useCallback(
    (next: PerformancePeriod) =>
      setParams((previous) => {
        const updated = new URLSearchParams(previous);
        updated.set('period', next);
        return updated;
      }),
    [setParams],
  );
  return { selection, period, select, setPeriod };
}
