import { expect, vi } from 'vitest';
import { labelWidth } from '../lib/axis-ticks.ts';
import { StubResizeObserver } from './portfolios.fixtures.ts';

/**
 * Gives charts rendered in jsdom a width (they read their container's computed width, which jsdom
 * leaves empty), so they draw their axes. Undone by vi.unstubAllGlobals and vi.restoreAllMocks.
 */
export function sizeCharts(width: number): void {
  vi.stubGlobal('ResizeObserver', StubResizeObserver);
  const computed = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element, pseudo) => {
    const style = computed(element, pseudo);
    return new Proxy(style, { get: (target, key) => (key === 'width' ? `${width}px` : (Reflect.get(target, key, target) as unknown)) });
  });
}

/** Each axis' tick labels as drawn, x axes first, in the order of the chart's axes. */
export const tickLabels = (container: HTMLElement): string[][] =>
  [...container.querySelectorAll('.MuiChartsAxis-directionX'), ...container.querySelectorAll('.MuiChartsAxis-directionY')].map((axis) =>
    [...axis.querySelectorAll('.MuiChartsAxis-tickLabel')].map((label) => label.textContent ?? ''),
  );

/**
 * A chart's axes as a reader needs them: on each, 2 to 6 labels and no two alike; and right of the
 * x axis' last tick, room for half its label (which the chart centres on the tick).
 */
export function expectLegibleAxes(container: HTMLElement, chartWidth: number): void {
  const axes = tickLabels(container);
  expect(axes.length).toBeGreaterThan(0);
  for (const labels of axes) {
    expect(labels.length, labels.join(' | ')).toBeGreaterThanOrEqual(2);
    expect(labels.length, labels.join(' | ')).toBeLessThanOrEqual(6);
    expect(new Set(labels).size, labels.join(' | ')).toBe(labels.length);
  }
  const lastX = [...container.querySelectorAll('.MuiChartsAxis-directionX .MuiChartsAxis-tickContainer')]
    .filter((tick) => tick.querySelector('.MuiChartsAxis-tickLabel'))
    .at(-1)!;
  const offset = Number(/translate\(([\d.]+)/.exec(lastX.getAttribute('transform') ?? '')?.[1]);
  expect(chartWidth - offset).toBeGreaterThanOrEqual(labelWidth(lastX.textContent ?? '') / 2);
}
