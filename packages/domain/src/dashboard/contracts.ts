import { z } from 'zod';
import { performancePeriods } from '../analytics/returns.ts';

/**
 * Contracts of the advisor dashboard's calls (/api/v1/analytics/…), shared by server and web. Every
 * figure is over what the caller may see: an advisor their own clients, an admin the firm. The
 * spec's front end reads `data.data.total_aum` and the like; each answer also carries the previous
 * period's value and the change, so a card can say how it moved.
 */

/**
 * `current` is the quarter to date (the dashboard's badge); `month`, `quarter` and `year` are the
 * month, quarter and year to date. The previous value is the one at the end of the period before.
 */
const dashboardPeriods = ['current', 'month', 'quarter', 'year'] as const;
export type DashboardPeriod = (typeof dashboardPeriods)[number];

export const dashboardPeriodQuerySchema = z.object({
  period: z.enum(dashboardPeriods).default('current'),
});

/** The period an answer covers: from its first day to `as_of` (today), compared with the close of `previous_as_of`. */
const periodFields = {
  period: z.enum(dashboardPeriods),
  /** 'Q4 2026', 'November 2026', '2026'. */
  period_label: z.string(),
  start_date: z.string(),
  as_of: z.string(),
  previous_as_of: z.string(),
};

/** Change fields: absolute and relative (a fraction; null when the previous value is 0). */
const changeFields = {
  change: z.number(),
  change_percent: z.number().nullable(),
};

export const aumResponseSchema = z.object({
  data: z.object({ total_aum: z.number(), previous_total_aum: z.number(), ...changeFields, ...periodFields }),
});
export type AumResponse = z.infer<typeof aumResponseSchema>;

export const clientCountResponseSchema = z.object({
  data: z.object({ active_clients: z.number().int(), previous_active_clients: z.number().int(), ...changeFields, ...periodFields }),
});
export type ClientCountResponse = z.infer<typeof clientCountResponseSchema>;

export const completedAssessmentsResponseSchema = z.object({
  data: z.object({
    completed_assessments: z.number().int(),
    previous_completed_assessments: z.number().int(),
    ...changeFields,
    ...periodFields,
    /** False until the firm records assessments: the figure is then a true 0, not an estimate. */
    available: z.boolean(),
    note: z.string().nullable(),
  }),
});
export type CompletedAssessmentsResponse = z.infer<typeof completedAssessmentsResponseSchema>;

/** The book's time-weighted return (all portfolios the caller sees, by money) over a period, against the period before it. */
export const bookPerformanceQuerySchema = z.object({
  period: z.enum(performancePeriods).default('1Y'),
});

export const bookPerformanceResponseSchema = z.object({
  data: z.object({
    period: z.enum(performancePeriods),
    start_date: z.string().nullable(),
    as_of: z.string().nullable(),
    /** Cumulative TWR over the period; null for an empty book. */
    twr: z.number().nullable(),
    /** The same length of time just before; null when the book is younger. */
    previous_twr: z.number().nullable(),
    /** twr − previous_twr, in fraction points; null without both. */
    change: z.number().nullable(),
  }),
});
export type BookPerformanceResponse = z.infer<typeof bookPerformanceResponseSchema>;

export const metricKeys = ['total_aum', 'active_clients', 'completed_assessments', 'client_satisfaction'] as const;
export type MetricKey = (typeof metricKeys)[number];
const metricUnits = ['currency', 'number', 'rating'] as const;
export type MetricUnit = (typeof metricUnits)[number];

export const metricLabels: Record<MetricKey, string> = {
  total_aum: 'Assets Under Management',
  active_clients: 'Active Clients',
  // Every completion to date (the headline card counts this quarter's): the label says which.
  completed_assessments: 'Assessments Completed to Date',
  client_satisfaction: 'Client Satisfaction',
};
export const metricUnitOf: Record<MetricKey, MetricUnit> = {
  total_aum: 'currency',
  active_clients: 'number',
  completed_assessments: 'number',
  client_satisfaction: 'rating',
};

/** Spec part 1 §9: the targets a firm starts with. */
export const defaultMetricTargets: Record<MetricKey, number> = {
  total_aum: 150_000_000,
  active_clients: 200,
  completed_assessments: 400,
  client_satisfaction: 5,
};

/** A firm's analytics settings: metric targets (admins change them) and the risk-free rate Sharpe ratios use. */
export const analyticsSettingsSchema = z.object({
  targets: z.object({
    total_aum: z.number().positive().max(1e13),
    active_clients: z.number().int().positive().max(10_000_000),
    completed_assessments: z.number().int().positive().max(10_000_000),
    client_satisfaction: z.number().positive().max(5),
  }),
  /** Annual, as a fraction (0.04 is 4 %). */
  risk_free_rate: z.number().min(-0.05).max(0.25),
});
export type AnalyticsSettings = z.infer<typeof analyticsSettingsSchema>;
export const analyticsSettingsUpdateSchema = z.object({
  targets: analyticsSettingsSchema.shape.targets.partial().optional(),
  risk_free_rate: analyticsSettingsSchema.shape.risk_free_rate.optional(),
});
export type AnalyticsSettingsUpdate = z.infer<typeof analyticsSettingsUpdateSchema>;

/** The risk-free rate a new firm starts with, until its admin sets its own. */
export const defaultRiskFreeRate = 0.04;

const performanceMetricSchema = z.object({
  key: z.enum(metricKeys),
  label: z.string(),
  /** Null when there is nothing to measure yet (no feedback, no assessments recorded). */
  value: z.number().nullable(),
  target: z.number(),
  unit: z.enum(metricUnits),
  /** Against the close of the previous quarter; null without a value. */
  change: z.number().nullable(),
  change_percent: z.number().nullable(),
  /** 'vs Q3 2026', or why there is no value ('no feedback yet'). */
  period_text: z.string(),
});
export type PerformanceMetric = z.infer<typeof performanceMetricSchema>;

const metricTrendPointSchema = z.object({
  /** 'Q1 2026'; the last is the current quarter to date. */
  quarter: z.string(),
  end_date: z.string(),
  total_aum: z.number(),
  active_clients: z.number().int(),
  completed_assessments: z.number().int(),
  client_satisfaction: z.number().nullable(),
});

export const performanceMetricsResponseSchema = z.object({
  data: z.object({
    /** The current quarter, the panel's badge. */
    period: z.string(),
    last_updated: z.string(),
    metrics: z.array(performanceMetricSchema),
    /** The last quarters, oldest first, for the Trends tab. */
    trends: z.array(metricTrendPointSchema),
  }),
});
export type PerformanceMetricsResponse = z.infer<typeof performanceMetricsResponseSchema>;

/**
 * A metric against its target: `attained` is the value's real share of the target (1.64 for $246M of
 * $150M), written out as it is; `progress` is the same capped at 1, for the bar (spec §9); the colour
 * is green from 90 %, amber from 70 %, red below.
 */
export function metricProgress(
  value: number | null,
  target: number,
): { attained: number; progress: number; tone: 'success' | 'warning' | 'error' } {
  const attained = value === null || target <= 0 ? 0 : Math.max(0, value / target);
  const progress = Math.min(1, attained);
  return { attained, progress, tone: progress >= 0.9 ? 'success' : progress >= 0.7 ? 'warning' : 'error' };
}

/** The calendar quarter of an ISO day: 'Q4 2026'. */
export function quarterLabel(isoDate: string): string {
  const month = Number(isoDate.slice(5, 7));
  return `Q${Math.floor((month - 1) / 3) + 1} ${isoDate.slice(0, 4)}`;
}
