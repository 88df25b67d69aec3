import { startTransition, useEffect, useState } from 'react';
import { defaultNavigation, type NavigationItem } from '@meridian/domain/navigation/menu';
import { navigationConfigSchema } from '@meridian/domain/navigation/config';

const navigationConfigUrl = '/config/navigation.json';

/** Parses a navigation configuration; anything invalid gives the built-in list. */
export function navigationFromConfig(config: unknown): NavigationItem[] {
  const parsed = navigationConfigSchema.safeParse(config);
  return parsed.success ? parsed.data.items : defaultNavigation;
}

/** The sidebar menu: /config/navigation.json when it loads, else the built-in list. */
export function useNavigationItems(): NavigationItem[] {
  const [items, setItems] = useState<NavigationItem[]>(defaultNavigation);
  useEffect(() => {
    let active = true;
    fetch(navigationConfigUrl, { headers: { Accept: 'application/json' } })
      .then((response) => (response.ok ? response.json() : null))
      .then((config: unknown) => {
        if (!active || !config) return;
        const configured = navigationFromConfig(config);
        // Mostly the built-in menu again: then nothing renders. Else as a transition: a changed menu is
        // not worth a blocking re-render of the screen.
        startTransition(() => setItems((current) => (JSON.stringify(current) === JSON.stringify(configured) ? current : configured)));
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);
  return items;
}
