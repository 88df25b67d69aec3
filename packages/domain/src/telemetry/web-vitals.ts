import { z } from 'zod';
import { wholeNumber } from '../shared/pagination.ts';

/**
 * Web vitals measured in users' browsers: the contracts of /api/v1/telemetry, the targets of the
 * client-side performance monitor (spec part 1 §9) and the score a route earns against them.
 * A measurement carries a metric, its value, the route PATTERN of the screen and the release: no
 * person, no firm, no concrete address.
 */

/**
 * LCP, INP, CLS, FCP and TTFB as the web-vitals library reports them; TTI estimated from long tasks
 * (see the web reporter); LONG_TASK: one task over `longTaskThresholdMs`, its duration.
 */
export const webVitalMetrics = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB', 'TTI', 'LONG_TASK'] as const;
export type WebVitalMetric = (typeof webVitalMetrics)[number];

/** Long tasks are those over 50 ms (spec part 1 §9). */
export const longTaskThresholdMs = 50;

/**
 * "Good" at or below (milliseconds; CLS is unitless). LCP 2.5 s, CLS 0.1, TTI 3.8 s, FCP 1.8 s are
 * the spec's. The spec's FID 0.1 s is replaced by INP, which browsers report instead of FID now:
 * web-vitals' INP threshold of 200 ms. TTFB, which the spec does not name: web-vitals' 800 ms.
 */
export const webVitalTargets: Record<WebVitalMetric, number> = {
  LCP: 2_500,
  INP: 200,
  CLS: 0.1,
  TTI: 3_800,
  FCP: 1_800,
  TTFB: 800,
  LONG_TASK: longTaskThresholdMs,
};

/**
 * "Poor" beyond these: web-vitals' thresholds, Lighthouse's 7.3 s for TTI, and for a long task ours:
 * 250 ms, five times the long-task line.
 */
const webVitalPoorThresholds: Record<WebVitalMetric, number> = {
  LCP: 4_000,
  INP: 500,
  CLS: 0.25,
  TTI: 7_300,
  FCP: 3_000,
  TTFB: 1_800,
  LONG_TASK: 250,
};

/**
 * The share of each metric in a route's score, after Lighthouse's weights with INP in the place of
 * total blocking time. TTFB and long tasks are diagnostics: shown, not scored.
 */
const webVitalScoreWeights: Partial<Record<WebVitalMetric, number>> = { LCP: 25, INP: 30, CLS: 25, FCP: 10, TTI: 10 };

const performanceGrades = ['A', 'B', 'C', 'D', 'F'] as const;
export type PerformanceGrade = (typeof performanceGrades)[number];

/** The lowest score of each grade (spec part 1 §9); below D's 60 is F. */
const performanceGradeFloors = { A: 90, B: 80, C: 70, D: 60 } as const;

export const telemetryLimits = {
  /** Measurements in one beacon. */
  batchMax: 50,
  routeMax: 200,
  releaseMax: 40,
  /** Largest value: an hour in milliseconds, far beyond any real measurement (CLS is far below). */
  valueMax: 3_600_000,
  /** Largest beacon body, in bytes: a full batch with the longest routes fits. */
  bodyMaxBytes: 16 * 1024,
  summaryDaysDefault: 7,
  summaryDaysMax: 90,
  /** Routes one summary lists: the most measured (the app has far fewer; anyone may send a pattern). */
  summaryRoutesMax: 100,
} as const;

export const telemetryMessages = {
  metricInvalid: `metric must be one of ${webVitalMetrics.join(', ')}`,
  valueInvalid: `value must be a number from 0 to ${telemetryLimits.valueMax.toLocaleString('en-US')}`,
  routeInvalid: `route must be a route pattern such as /clients/:clientId/profile (at most ${telemetryLimits.routeMax} characters), without ids or a query string`,
  releaseInvalid: `release must be a build id of at most ${telemetryLimits.releaseMax} letters, digits, dots, dashes or underscores`,
  entriesRequired: 'entries must hold at least one measurement',
  tooManyEntries: `entries must hold at most ${telemetryLimits.batchMax} measurements`,
  daysInvalid: `days must be a whole number from 1 to ${telemetryLimits.summaryDaysMax}`,
} as const;

// ---------------------------------------------------------------------------------------------
// Scoring

/**
 * 0–100 for one value: 100 up to the target, falling linearly to 50 at the "poor" threshold and on
 * at the same slope to 0 at poor + (poor − target). So a metric just past its target costs little,
 * one at the poor line halves, and one twice as far past is worth nothing.
 */
export function metricScore(metric: WebVitalMetric, value: number): number {
  const target = webVitalTargets[metric];
  const poor = webVitalPoorThresholds[metric];
  if (value <= target) return 100;
  const beyond = (value - target) / (poor - target);
  return Math.max(0, 100 - 50 * beyond);
}

export function gradeOf(score: number): PerformanceGrade {
  if (score >= performanceGradeFloors.A) return 'A';
  if (score >= performanceGradeFloors.B) return 'B';
  if (score >= performanceGradeFloors.C) return 'C';
  if (score >= performanceGradeFloors.D) return 'D';
  return 'F';
}

/**
 * A route's score: the weighted mean (webVitalScoreWeights) of the metric scores of the values it
 * has, rounded to a whole number, and its grade. Null when none of its values is a scored metric.
 */
export function routeScore(values: Partial<Record<WebVitalMetric, number>>): { score: number; grade: PerformanceGrade } | null {
  let weighted = 0;
  let weights = 0;
  for (const [metric, weight] of Object.entries(webVitalScoreWeights) as Array<[WebVitalMetric, number]>) {
    const value = values[metric];
    if (value === undefined) continue;
    weighted += weight * metricScore(metric, value);
    weights += weight;
  }
  if (weights === 0) return null;
  const score = Math.round(weighted / weights);
  return { score, grade: gradeOf(score) };
}

// ---------------------------------------------------------------------------------------------
// The beacon

/**
 * A route pattern of the web app: `/`, or segments that are lower-case words (`client-profiles`,
 * `v1`), `:params` or `*`. A concrete address cannot pass: an id (a UUID or a number) is no word,
 * and `?`, `#`, `.` and `@` are no part of a segment.
 */
export const routePatternShape = /^\/(?:(?:[a-z]+(?:-[a-z]+)*\d?|:[a-zA-Z]+|\*)(?:\/(?:[a-z]+(?:-[a-z]+)*\d?|:[a-zA-Z]+|\*))*)?$/;

const releaseShape = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export const releaseSchema = z
  .string({ error: telemetryMessages.releaseInvalid })
  .max(telemetryLimits.releaseMax, { abort: true, error: telemetryMessages.releaseInvalid })
  .regex(releaseShape, telemetryMessages.releaseInvalid);

const webVitalEntrySchema = z.object({
  metric: z.enum(webVitalMetrics, { error: telemetryMessages.metricInvalid }),
  value: z
    .number({ error: telemetryMessages.valueInvalid })
    .min(0, telemetryMessages.valueInvalid)
    .max(telemetryLimits.valueMax, telemetryMessages.valueInvalid),
  route: z
    .string({ error: telemetryMessages.routeInvalid })
    .max(telemetryLimits.routeMax, { abort: true, error: telemetryMessages.routeInvalid })
    .regex(routePatternShape, telemetryMessages.routeInvalid),
});
export type WebVitalEntry = z.infer<typeof webVitalEntrySchema>;

export const webVitalsBatchSchema = z.object({
  release: releaseSchema,
  entries: z
    .array(webVitalEntrySchema, { error: telemetryMessages.entriesRequired })
    .min(1, telemetryMessages.entriesRequired)
    .max(telemetryLimits.batchMax, telemetryMessages.tooManyEntries),
});
export type WebVitalsBatch = z.infer<typeof webVitalsBatchSchema>;

// ---------------------------------------------------------------------------------------------
// The summary

export const webVitalsSummaryQuerySchema = z.object({
  days: wholeNumber(telemetryMessages.daysInvalid, 1, telemetryLimits.summaryDaysMax).default(telemetryLimits.summaryDaysDefault),
  /** Only this release; an empty value means every release. */
  release: z.preprocess((value) => (value === '' ? undefined : value), releaseSchema.optional()),
});
export type WebVitalsSummaryQuery = z.infer<typeof webVitalsSummaryQuerySchema>;

const webVitalSummaryMetricSchema = z.object({
  metric: z.enum(webVitalMetrics),
  /** The 75th percentile of the values received (continuous: interpolated between samples). */
  p75: z.number(),
  samples: z.number().int(),
  target: z.number(),
  /** The p75's 0–100 score against the target (metricScore), rounded. */
  score: z.number().int(),
});

const webVitalsRouteSummarySchema = z.object({
  route: z.string(),
  /** Measurements of every metric on this route. */
  samples: z.number().int(),
  /** routeScore of the route's p75 values; null when it has no scored metric yet. */
  score: z.number().int().nullable(),
  grade: z.enum(performanceGrades).nullable(),
  metrics: z.array(webVitalSummaryMetricSchema),
});
export type WebVitalsRouteSummary = z.infer<typeof webVitalsRouteSummarySchema>;

export const webVitalsSummarySchema = z.object({
  /** The window: measurements received from `from` up to `to` (ISO 8601). */
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
  release: z.string().nullable(),
  /** By route; the `summaryRoutesMax` most measured when more were measured. */
  routes: z.array(webVitalsRouteSummarySchema),
});
export type WebVitalsSummary = z.infer<typeof webVitalsSummarySchema>;
