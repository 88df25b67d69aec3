import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistReducer, persistStore } from 'redux-persist';
import { authSlice } from '../features/session/session-slice.ts';
import { ipqSlice } from '../features/ipq/ipq-slice.ts';
import { api } from './api.ts';
import { uiSlice } from './ui-slice.ts';

/** redux-persist storage over localStorage (its bundled adapter is CommonJS). */
const storage = {
  getItem: (key: string) => Promise.resolve(localStorage.getItem(key)),
  setItem: (key: string, value: string) => Promise.resolve(localStorage.setItem(key, value)),
  removeItem: (key: string) => Promise.resolve(localStorage.removeItem(key)),
};

const rootReducer = combineReducers({
  auth: authSlice.reducer,
  ui: uiSlice.reducer,
  ipq: ipqSlice.reducer,
  [api.reducerPath]: api.reducer,
});

// Only `ui` and the questionnaire's `ipq` are saved (spec part 2 §4 "Persistence"); auth never is.
const persistedReducer = persistReducer({ key: 'root', version: 1, storage, whitelist: ['ui', 'ipq'], timeout: 5000 }, rootReducer);

export function createStore() {
  return configureStore({
    reducer: persistedReducer,
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(api.middleware),
  });
}

export const store = createStore();
export const persistor = persistStore(store);

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
