import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

type DrawnAxis = { labels: string[]; outside: string[] };

/**
 * Every chart axis inside `area` as the browser drew it: its tick labels, and those whose box runs
 * past the edge of their chart (cut off there).
 */
function drawnAxes(area: Locator): Promise<DrawnAxis[]> {
  return area.locator('svg:has(.MuiChartsAxis-root)').evaluateAll((charts) =>
    charts.flatMap((chart) => {
      const edge = chart.getBoundingClientRect();
      return Array.from(chart.querySelectorAll('.MuiChartsAxis-root')).map((axis) => {
        const texts = Array.from(axis.querySelectorAll('.MuiChartsAxis-tickLabel'));
        const cut = (text: Element) => {
          const box = text.getBoundingClientRect();
          return box.left < edge.left - 0.5 || box.right > edge.right + 0.5 || box.top < edge.top - 0.5 || box.bottom > edge.bottom + 0.5;
        };
        return { labels: texts.map((text) => text.textContent ?? ''), outside: texts.filter(cut).map((text) => text.textContent ?? '') };
      });
    }),
  );
}

/** What breaks issue 9's rule for charts on one axis: too few or too many labels, a label twice, one cut. */
function faults({ labels, outside }: DrawnAxis): string[] {
  const shown = labels.join(' | ');
  return [
    ...(labels.length < 2 || labels.length > 6 ? [`${labels.length} labels: ${shown}`] : []),
    ...(new Set(labels).size < labels.length ? [`a label twice: ${shown}`] : []),
    ...labels.filter((label) => label.includes('…')).map((label) => `shortened: ${label}`),
    ...outside.map((label) => `past the chart's edge: ${label}`),
  ];
}

/**
 * Issue 9's rule for charts, in the real browser: each axis of the charts in `area` shows 2 to 6
 * tick labels, none twice, none shortened with '…' and none running past its chart's edge. Polled,
 * as the chart hides overlapping labels once it has measured them.
 */
export async function expectLegibleAxes(area: Locator, name: string): Promise<void> {
  await expect.poll(async () => (await drawnAxes(area)).length, { message: `${name}: axes drawn` }).toBeGreaterThan(0);
  await expect.poll(async () => (await drawnAxes(area)).flatMap(faults), { message: name }).toEqual([]);
}
