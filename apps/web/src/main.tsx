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
preloadScreen(window.location.pathname, store.dispatch);
addEventListener('load', () => void import('./features/telemetry/start-web-vitals.ts').then((vitals) => vitals.startWebVitals()), { once: true });

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
// blocking input (the form is already visible). Any other address starts from the empty root (or
// the shell skeleton).
const page = root.hasAttribute('data-prerendered') ? prerenderedPage(window.location.pathname) : undefined;
if (page) {
  void Promise.all([page.load(), persisted(persistor)]).then(() => startTransition(() => void hydrateRoot(root, app)));
} else {
  createRoot(root).render(app);
}
