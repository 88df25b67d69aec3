import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_NavigationContext } from 'react-router';

type Navigator = { push: (...args: never[]) => void; replace: (...args: never[]) => void };

/**
 * Holds in-app navigation (links, navigate()) and asks the browser to confirm leaving (reload, tab
 * close, typed address) while `when` is true.
 *
 * react-router's useBlocker needs a data router (createBrowserRouter); the app renders
 * <BrowserRouter> + useRoutes, and switching the entry would add the data-router code to the
 * sign-in page's JavaScript. So the guard wraps the router's navigator instead: a held navigation
 * is kept and run on `proceed()`. The browser's Back button is not held (only useBlocker can).
 */
export function useUnsavedChangesGuard(when: boolean) {
  const { navigator } = useContext(UNSAFE_NavigationContext) as unknown as { navigator: Navigator };
  const [pending, setPending] = useState<(() => void) | null>(null);
  const allowed = useRef(false);

  useEffect(() => {
    if (!when) return undefined;
    const { push, replace } = navigator;
    const hold =
      (original: (...args: never[]) => void) =>
      (...args: never[]) => {
        if (allowed.current) {
          original.apply(navigator, args);
          return;
        }
        setPending(() => () => original.apply(navigator, args));
      };
    navigator.push = hold(push);
    navigator.replace = hold(replace);
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      navigator.push = push;
      navigator.replace = replace;
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [when, navigator]);

  const proceed = useCallback(() => {
    const run = pending;
    setPending(null);
    allowed.current = true;
    run?.();
  }, [pending]);

  return {
    blocked: pending !== null,
    proceed,
    stay: useCallback(() => setPending(null), []),
    /** Lets the next navigation through (after a successful save). */
    allow: useCallback(() => {
      allowed.current = true;
    }, []),
  };
}
