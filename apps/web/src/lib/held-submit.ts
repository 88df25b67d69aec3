/**
 * A pre-rendered page shows its form before the app's script has run (scripts/prerender.mjs). A
 * submit in that moment would be the browser's own: a navigation that drops the typed password into
 * the address bar or a request the server does not serve. The page's inline guard holds such a
 * submit instead (`heldSubmitGuard`), and the page, once live, sends it again (`releaseHeldSubmit`).
 */
declare global {
  interface Window {
    /** Set once a page of the app is live; the guard then lets every submit through to the app. */
    meridianLive?: boolean;
    /** The form submitted while the page was not yet live. */
    meridianHeldSubmit?: HTMLFormElement;
  }
}

/** The guard, inline in each pre-rendered page: first to see any submit (capture on document), and the only one to see a held one. */
export const heldSubmitGuard =
  "document.addEventListener('submit',function(event){if(window.meridianLive)return;" +
  'event.preventDefault();event.stopPropagation();window.meridianHeldSubmit=event.target},true);';

/**
 * Called when a page has mounted: from now on the app handles submits, starting with a held one.
 * A field the browser focused before then (autofocus in the pre-rendered markup) is focused without
 * the app having seen it, so its label would stay over the text: the app is told now.
 */
export function releaseHeldSubmit(): void {
  const focused = document.activeElement;
  if (!window.meridianLive && focused instanceof HTMLInputElement) focused.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  window.meridianLive = true;
  const form = window.meridianHeldSubmit;
  delete window.meridianHeldSubmit;
  if (form?.isConnected) form.requestSubmit();
}
