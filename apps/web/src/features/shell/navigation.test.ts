import { describe, expect, it } from 'vitest';
import { defaultNavigation, isNavigationItemSelected, meridianTalkPages } from '@meridian/domain/navigation/menu';
import config from '../../../public/config/navigation.json';
import { navigationFromConfig } from './use-navigation-items.ts';

describe('menu highlighting', () => {
  it('highlights an item when the current path starts with its path', () => {
    expect(isNavigationItemSelected('/clients', '/clients')).toBe(true);
    expect(isNavigationItemSelected('/clients', '/clients/42/profile')).toBe(true);
    expect(isNavigationItemSelected('/clients', '/client-profiles')).toBe(false);
    expect(isNavigationItemSelected('/prospects', '/clients')).toBe(false);
  });

  it('highlights the dashboard on / and /dashboard', () => {
    expect(isNavigationItemSelected('/dashboard', '/')).toBe(true);
    expect(isNavigationItemSelected('/dashboard', '/dashboard')).toBe(true);
    expect(isNavigationItemSelected('/clients', '/')).toBe(false);
  });

  it('highlights the MeridianTalk group on its sub-pages', () => {
    expect(isNavigationItemSelected('/meridiantalk', '/meridiantalk/core-messaging')).toBe(true);
    expect(isNavigationItemSelected('/meridiantalk/core-messaging', '/meridiantalk/ai-assistant')).toBe(false);
  });
});

describe('menu list', () => {
  it('has the 21 entries and the MeridianTalk group with its ten pages', () => {
    expect(defaultNavigation).toHaveLength(22);
    expect(defaultNavigation.map((item) => item.path)).toContain('/contacts');
    const group = defaultNavigation.at(-1);
    expect(group?.path).toBe('/meridiantalk');
    expect(group?.children).toHaveLength(10);
    expect(meridianTalkPages.map((page) => page.path.split('/')[2])).toEqual([
      'core-messaging',
      'ai-assistant',
      'ai-conversation-intelligence',
      'compliance-security',
      'supervisory-review',
      'team-collaboration',
      'analytics-insights',
      'client-management',
      'crm-integrations',
      'performance-monitoring',
    ]);
  });

  it('ships a configuration file equal to the built-in list', () => expect(navigationFromConfig(config)).toEqual(defaultNavigation));

  it('uses a valid configuration and falls back on an invalid one', () => {
    expect(navigationFromConfig({ items: [{ label: 'Only', path: '/only' }] })).toEqual([{ label: 'Only', path: '/only' }]);
    expect(navigationFromConfig({ items: [] })).toBe(defaultNavigation);
    expect(navigationFromConfig({ items: [{ label: 'No slash', path: 'x' }] })).toBe(defaultNavigation);
    expect(navigationFromConfig('<html>')).toBe(defaultNavigation);
  });
});
