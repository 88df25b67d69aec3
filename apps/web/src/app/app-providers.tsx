import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { StrictMode, useSyncExternalStore, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import type { AppStore } from './store.ts';
import { theme } from './theme.ts';

type Props = { store: AppStore; persistor: Persistor; children: ReactNode };

/**
 * Nothing until the saved slices are back in the store, then the children. redux-persist's own
 * PersistGate renders nothing on its first render whatever the persistor's state, so markup
 * pre-rendered under it could never be hydrated; this one reads the state from the first render.
 */
function PersistedGate({ persistor, children }: { persistor: Persistor; children: ReactNode }) {
  const bootstrapped = () => persistor.getState().bootstrapped;
  const ready = useSyncExternalStore(persistor.subscribe, bootstrapped, bootstrapped);
  return ready ? children : null;
}

/**
 * The providers around every page, the same in the browser and in the build's pre-render: a
 * pre-rendered page hydrates only if both trees are the same.
 */
export function AppProviders({ store, persistor, children }: Props) {
  return (
    <StrictMode>
      <Provider store={store}>
        <PersistedGate persistor={persistor}>
          <ThemeProvider theme={theme}>
            <CssBaseline />
            {children}
          </ThemeProvider>
        </PersistedGate>
      </Provider>
    </StrictMode>
  );
}

/**
 * Resolves once the saved slices are back in the store. PersistGate renders nothing until then; a
 * page hydrated after it renders its children from the first render, as the pre-render did.
 */
export function persisted(persistor: Persistor): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!persistor.getState().bootstrapped) return false;
      resolve();
      return true;
    };
    if (check()) return;
    const unsubscribe = persistor.subscribe(() => {
      if (check()) unsubscribe();
    });
  });
}
