// The DOM matchers (toBeVisible, toHaveTextContent, toBeDisabled...) on vitest's expect.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy and waitFor poll until their condition holds: give them room on a loaded two-core machine
// (the unit tests share it with the journeys), which costs a passing test nothing.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
