import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { defaultNavigation, meridianTalkPages, type NavigationItem } from '@meridian/domain/navigation/menu';
import { renderScreen } from '../../test/test-utils.tsx';
import { SideNav } from './side-nav.tsx';

/** A few entries of the menu, the MeridianTalk group with two of its pages among them. */
const items: NavigationItem[] = [
  ...defaultNavigation.filter((item) => ['/dashboard', '/clients', '/portfolios'].includes(item.path)),
  { label: 'MeridianTalk', path: '/meridiantalk', icon: 'messaging', children: meridianTalkPages.slice(0, 2) },
];

const menu = () => within(screen.getByRole('navigation', { name: 'Main navigation' }));

describe('side navigation', () => {
  it('makes every entry a real link to its page, so it can open in a new tab', () => {
    renderScreen(<SideNav items={defaultNavigation} />, { path: '/*', at: '/dashboard' });
    const links = menu().getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      defaultNavigation.map((item) => [item.label, item.path]),
    );
    expect(menu().queryAllByRole('button')).toEqual([]);
  });

  it('highlights the entry of the current page, also on its sub-pages', () => {
    renderScreen(<SideNav items={items} />, { path: '/*', at: '/clients/42/profile' });
    const clients = menu().getByRole('link', { name: 'Clients' });
    expect(clients).toHaveAttribute('aria-current', 'page');
    expect(clients).toHaveClass('Mui-selected');
    expect(menu().getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('goes to the page clicked and tells the drawer to close', () => {
    const onNavigate = vi.fn();
    renderScreen(<SideNav items={items} onNavigate={onNavigate} />, { path: '/*', at: '/dashboard' });
    fireEvent.click(menu().getByRole('link', { name: 'Portfolios' }));
    expect(screen.getByTestId('location').textContent).toBe('/portfolios');
    expect(menu().getByRole('link', { name: 'Portfolios' })).toHaveAttribute('aria-current', 'page');
    expect(onNavigate).toHaveBeenCalledTimes(1);
  });

  it('opens the MeridianTalk group on its page, its sub-pages links too', () => {
    renderScreen(<SideNav items={items} />, { path: '/*', at: '/dashboard' });
    const group = menu().getByRole('link', { name: 'MeridianTalk' });
    expect(group).toHaveAttribute('aria-expanded', 'false');
    expect(menu().queryByRole('link', { name: 'AI Assistant' })).toBeNull();
    fireEvent.click(group);
    expect(screen.getByTestId('location').textContent).toBe('/meridiantalk');
    expect(group).toHaveAttribute('aria-expanded', 'true');
    expect(menu().getByRole('link', { name: 'AI Assistant' })).toHaveAttribute('href', '/meridiantalk/ai-assistant');
  });
});
