import '@fontsource/roboto/300.css';
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders, persisted } from './app/app-providers.tsx';
import { prerenderedPage } from './app/prerendered-pages.ts';
import { AppRoutes, preloadScreen } from './app/router.tsx';
import { persistor, store } from './app/store.ts';
import { restoreSession } from './features/auth/restore-session.ts';

void store.dispatch(restoreSession());
const screenReady = preloadScreen(window.location.pathname, store.dispatch);
// The performance monitor starts once the page has loaded and the main thread is idle: it then
// competes with nothing the first screen needs (its observers are buffered, so nothing is missed).
const whenIdle = (run: () => void) =>
  'requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 5000 }) : setTimeout(run, 1000);
const startWebVitals = () => void import('./app/start-web-vitals.ts').then((vitals) => vitals.startWebVitals());
addEventListener('load', () => whenIdle(startWebVitals), { once: true });

/** The longest the first render of a signed-in screen waits for that screen's code and data. */
const firstRenderWaitMs = 1500;

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

const app = (
  <AppProviders store={store} persistor={persistor}>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </AppProviders>
);

// A pre-rendered public page (data-prerendered, written by scripts/prerender.mjs) already shows its
// form: React takes it over once the page's chunk and the saved slices are in, so its first render
// matches the markup; as a transition, so React yields to the browser while it hydrates instead of
// blocking input (the form is already visible).
const page = root.hasAttribute('data-prerendered') ? prerenderedPage(window.location.pathname) : undefined;
if (page) {
  void Promise.all([page.load(), persisted(persistor)]).then(() => startTransition(() => void hydrateRoot(root, app)));
} else {
  // Any other address starts from the empty root (or the shell skeleton, drawn from HTML meanwhile)
  // once the screen's chunks and first data are in (preloadScreen), for at most firstRenderWaitMs.
  // Then, as a transition, React renders the shell and the screen in slices, leaving the main thread
  // free between them. Rendered earlier, the answers arriving mid-render would change the store under
  // a render in progress, which React then redoes in one blocking task to stay consistent.
  const waited = new Promise((resolve) => setTimeout(resolve, firstRenderWaitMs));
  void Promise.race([Promise.all([screenReady, persisted(persistor)]), waited]).then(() =>
    startTransition(() => createRoot(root).render(app)),
  );
}
