import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { User } from '@meridian/domain/auth/contracts';
import { createStore } from '../app/store.ts';
import { theme } from '../app/theme.ts';

export const sampleUser: User = {
  id: 'u1',
  firm_id: 'f1',
  email: 'alex.chen@summitridge.example',
  first_name: 'Alex',
  last_name: 'Chen',
  phone: null,
  role_name: 'advisor',
  is_active: true,
  two_factor_enabled: false,
  is_operator: false,
  password_must_change: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  last_login_at: null,
  profile: null,
};

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** The address of a fetch call, whether given a string or a Request. */
export function requestUrl(input: unknown): string {
  return input instanceof Request ? input.url : String(input);
}

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/** Renders a screen at a path with a fresh store, the theme and a router; shows the location. */
export function renderScreen(element: ReactElement, { path = '/', at = path }: { path?: string; at?: string } = {}) {
  const store = createStore();
  const utils = render(
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <MemoryRouter initialEntries={[at]}>
          <Routes>
            <Route path={path} element={element} />
            <Route path="*" element={<p>Elsewhere</p>} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </ThemeProvider>
    </Provider>,
  );
  return { store, ...utils };
}
