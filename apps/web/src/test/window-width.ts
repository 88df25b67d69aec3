import { vi } from 'vitest';

/**
 * Media queries answered as a window `width` pixels wide would answer them (min-width and max-width,
 * as the theme's breakpoints ask), for components that read useMediaQuery; jsdom has no matchMedia.
 */
export function stubWindowWidth(width: number): void {
  const matches = (query: string) =>
    [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].every(([, bound, pixels]) =>
      bound === 'min' ? width >= Number(pixels) : width <= Number(pixels),
    );
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}
