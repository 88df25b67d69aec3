import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/test-utils.tsx';
import { FeaturesGrid } from './features-grid.tsx';

describe("'New AI & Advanced Features' grid", () => {
  it('lists the six features, each with one Explore link to its page', () => {
    renderScreen(<FeaturesGrid />, { path: '/dashboard' });
    expect(screen.getByRole('heading', { level: 2, name: 'New AI & Advanced Features' })).toBeVisible();
    const links = screen.getAllByRole('link');
    expect(links.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')])).toEqual([
      ['Explore AI Dashboard', '/ai-dashboard'],
      ['Explore AI Agents', '/ai-agents'],
      ['Explore Conversational AI', '/conversational-ai'],
      ['Explore Advisory Intelligence', '/advisory-intelligence'],
      ['Explore Task Management', '/tasks'],
      ['Explore Notifications', '/notifications'],
    ]);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('navigates on a click anywhere on a card', () => {
    renderScreen(<FeaturesGrid />, { path: '/dashboard' });
    fireEvent.click(within(screen.getByTestId('feature-conversational-ai')).getByText('Conversational AI'));
    expect(screen.getByTestId('location').textContent).toBe('/conversational-ai');
  });

  it('navigates with its Explore link', () => {
    renderScreen(<FeaturesGrid />, { path: '/dashboard' });
    fireEvent.click(screen.getByRole('link', { name: 'Explore Task Management' }));
    expect(screen.getByTestId('location').textContent).toBe('/tasks');
  });
});
