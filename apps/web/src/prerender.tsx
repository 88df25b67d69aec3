/**
 * The build's pre-render of the public pages (scripts/prerender.mjs builds this entry for Node and
 * calls renderPage for each page of app/prerendered-pages.ts): the markup React renders at that
 * address inside the same providers as the browser, and the emotion styles it uses, so the page
 * shows its form before any script runs and the browser hydrates over it.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProviders, persisted } from './app/app-providers.tsx';
import { prerenderedPages, type PrerenderedPage } from './app/prerendered-pages.ts';
import { AppRoutes } from './app/router.tsx';
import { persistor, store } from './app/store.ts';
import { theme } from './app/theme.ts';
import { restoreSession } from './features/auth/restore-session.ts';
import { drawerWidth } from './features/shell/app-layout.tsx';

export { prerenderedPages };
export { heldSubmitGuard } from './lib/held-submit.ts';

/** A visitor's first render: no session (restoreSession signs nobody in), the saved slices restored. */
const visitor = (async () => {
  await store.dispatch(restoreSession());
  await persisted(persistor);
})();

/** The page's markup (the content of #root) and its critical CSS as <style> tags. */
export async function renderPage(page: PrerenderedPage): Promise<{ html: string; styles: string }> {
  await visitor;
  // The key the browser's emotion cache uses (MUI's default, "css"): the browser then adopts these
  // styles instead of inserting them again.
  const cache = createCache({ key: 'css' });
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  for (const [key, value] of Object.entries(page.storage ?? {})) sessionStorage.setItem(key, value);
  try {
    const { prelude } = await prerender(
      <CacheProvider value={cache}>
        <AppProviders store={store} persistor={persistor}>
          <StaticRouter location={page.paths[0] ?? '/'}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </CacheProvider>,
    );
    // prerender (unlike renderToString) waits for the lazy page chunk instead of its fallback.
    const html = await new Response(prelude).text();
    return { html, styles: constructStyleTagsFromChunks(extractCriticalToChunks(html)) };
  } finally {
    sessionStorage.clear();
  }
}

/** The toolbar's height in one media query of MUI's toolbar mixin, looking into nested queries. */
function minHeightIn(rule: unknown): number | undefined {
  if (!rule || typeof rule !== 'object') return undefined;
  if ('minHeight' in rule) return rule.minHeight as number;
  return Object.values(rule)
    .map(minHeightIn)
    .find((height) => height !== undefined);
}

/**
 * The CSS of index.html's shell skeleton, from the theme and the shell's own sizes so the outline
 * sits where the real top bar, drawer and page will. The skeleton is `hidden` in index.html (so also
 * in development, where these styles are not written in); shown only under data-session (set by the
 * inline script when a session is stored) and gone as soon as React renders a top bar or a page.
 */
export function shellSkeletonStyles(): string {
  // MUI's toolbar mixin: 56 px, 48 px in landscape (a query nested in `xs`), 64 px from `sm`.
  const toolbar = theme.mixins.toolbar as { minHeight: number } & Record<string, unknown>;
  const wide = theme.breakpoints.up('sm');
  const wideHeight = minHeightIn(toolbar[wide]) ?? toolbar.minHeight;
  const landscapeHeight = minHeightIn(toolbar[theme.breakpoints.up('xs')]) ?? toolbar.minHeight;
  const desktop = theme.breakpoints.up('md');
  const gap = (factor: number) => theme.spacing(factor);
  return [
    `[data-session] #shell-skeleton{display:block;position:fixed;inset:0;z-index:${theme.zIndex.appBar};background:${theme.palette.background.default}}`,
    'body:has(#root header, #root main) #shell-skeleton{display:none}',
    `.shell-bar{position:fixed;top:0;left:0;right:0;display:flex;align-items:center;box-sizing:border-box;height:${toolbar.minHeight}px;padding:0 ${gap(2)};` +
      `background:${theme.palette.primary.main};color:${theme.palette.primary.contrastText};box-shadow:${theme.shadows[4]};` +
      `font:${theme.typography.h6.fontWeight} ${theme.typography.h6.fontSize}/${theme.typography.h6.lineHeight} ${theme.typography.fontFamily}}`,
    '.shell-bar span{font-weight:700;padding-left:44px}', // after the menu button
    `@media (orientation: landscape){.shell-bar{height:${landscapeHeight}px}}`,
    `${wide}{.shell-bar{height:${wideHeight}px;padding:0 ${gap(3)}}}`,
    `.shell-menu{display:none;position:fixed;top:0;bottom:0;left:0;width:${drawerWidth.permanent}px;box-sizing:border-box;background:${theme.palette.background.paper};border-right:1px solid ${theme.palette.divider}}`,
    // The page's padding (2, from `sm` 3) below a toolbar-high spacer, as in the shell's <main>.
    `.shell-page{padding:calc(${toolbar.minHeight}px + ${gap(2)}) ${gap(2)} ${gap(2)}}`,
    `${wide}{.shell-page{padding:calc(${wideHeight}px + ${gap(3)}) ${gap(3)} ${gap(3)}}}`,
    `${desktop}{.shell-menu{display:block}.shell-page{margin-left:${drawerWidth.permanent}px}.shell-bar span{padding-left:0}}`,
    `.shell-page div{height:${gap(5)};margin-bottom:${gap(2)};border-radius:${theme.shape.borderRadius}px;background:${theme.palette.action.hover}}`,
    '.shell-page div:first-child{width:40%}',
    `.shell-page div:last-child{height:${gap(40)}}`,
  ].join('');
}
