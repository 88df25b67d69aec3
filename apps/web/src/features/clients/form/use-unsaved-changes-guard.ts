import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_NavigationContext } from 'react-router';

type Navigator = { push: (...args: never[]) => void; replace: (...args: never[]) => void };

/**
 * Routes the router's push and replace through `hold`, which runs or keeps each navigation; returns
 * the undo. The navigator is the router's history, outside React: the guard's effect patches it as
 * it would any other external object, and puts it back on cleanup.
 */
function holdNavigation(navigator: Navigator, hold: (go: () => void) => void): () => void {
  const { push, replace } = navigator;
  navigator.push = (...args) => hold(() => push.apply(navigator, args));
  navigator.replace = (...args) => hold(() => replace.apply(navigator, args));
  return () => {
    navigator.push = push;
    navigator.replace = replace;
  };
}

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
    const release = holdNavigation(navigator, (go) => {
      if (allowed.current) go();
      else setPending(() => go);
    });
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      release();
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
