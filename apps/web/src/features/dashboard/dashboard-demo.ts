import { defaultMetricTargets, metricLabels, metricUnitOf, type PerformanceMetric } from '@meridian/domain/dashboard/contracts';

/**
 * The spec's demo fallback figures (part 1 §2 and §9). Shown only, and always labelled, when live
 * data cannot load because the server is unreachable or failed (DESIGN "Where we differ" 3).
 */
export const demoCards = {
  activeClients: 156,
  totalAum: 125_300_000,
  completedAssessments: 342,
  /** +12.5 %, as a fraction. */
  performance: 0.125,
} as const;

const demoValues = { total_aum: 125_300_000, active_clients: 156, completed_assessments: 342, client_satisfaction: 4.8 } as const;
/** The spec's change figures, in percent: 12.5, 8.3, 15.7, 2.1. */
const demoChangePercents = { total_aum: 12.5, active_clients: 8.3, completed_assessments: 15.7, client_satisfaction: 2.1 } as const;

const keys = ['total_aum', 'active_clients', 'completed_assessments', 'client_satisfaction'] as const;

export const demoMetrics: PerformanceMetric[] = keys.map((key) => ({
  key,
  label: metricLabels[key],
  value: demoValues[key],
  target: defaultMetricTargets[key],
  unit: metricUnitOf[key],
  change: null,
  change_percent: demoChangePercents[key] / 100,
  period_text: 'vs last quarter',
}));

export const demoPeriod = 'Q2 2024';
