/** A long task as the PerformanceObserver reports it: start and duration in ms since navigation. */
export type LongTask = { startTime: number; duration: number };

/** The quiet span after which the page counts as interactive (Lighthouse's 5 s). */
export const quietWindowMs = 5_000;

/**
 * Time to Interactive estimated from long tasks, after Lighthouse's definition without its network
 * condition (a page cannot see its requests in flight): the end of the last long task before the
 * first 5 s after FCP with no long task, or FCP itself when none follows it. Null while that quiet
 * window has not been seen yet: `now` is less than 5 s past the candidate and a long task may still
 * come.
 */
export function estimateTti(fcp: number, longTasks: readonly LongTask[], now: number): number | null {
  let interactive = fcp;
  const after = longTasks.filter((task) => task.startTime + task.duration > fcp).sort((a, b) => a.startTime - b.startTime);
  for (const task of after) {
    if (task.startTime - interactive >= quietWindowMs) break;
    interactive = Math.max(interactive, task.startTime + task.duration);
  }
  return now - interactive >= quietWindowMs ? interactive : null;
}
