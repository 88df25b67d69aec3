import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue, RunOptions } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';

/**
 * Accessibility in every journey: axe-core runs in the page on every document and client-side
 * route a journey reaches and on every dialog it opens, once the DOM has settled, and the journey
 * fails on a serious or critical violation (issue 9: WCAG 2.0/2.1 A and AA, and axe's best
 * practices; no rule disabled), or when the screen scrolls sideways (WCAG's reflow).
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const runOptions: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
  resultTypes: ['violations'],
};

/** The impacts that fail a journey. */
const failingImpacts: ImpactValue[] = ['serious', 'critical'];

/** One failed rule on one element, in the terms a person needs to fix it. */
type AccessibilityViolation = {
  rule: string;
  impact: ImpactValue;
  help: string;
  helpUrl: string;
  selector: string;
  html: string;
  fix: string;
};

/** What one run of axe found: where (the address and what was checked) and the failing elements. */
export type AccessibilityFinding = { url: string; scope: string; violations: AccessibilityViolation[] };

type InPageConfig = { binding: string; runOptions: RunOptions; failingImpacts: ImpactValue[]; quietMs: number; maxWaitMs: number };

/** What the watcher puts on `window` for the test side to call. */
type InPageAuditor = {
  audit: (scope: string) => Promise<AccessibilityFinding | null>;
  idle: () => Promise<void>;
};

type AuditedWindow = Window & {
  axe: { run: (context: Document | Element, options: RunOptions) => Promise<AxeResults> };
  meridianAccessibility?: InPageAuditor;
} & Record<string, unknown>;

const binding = 'meridianAccessibilityFinding';
const config: InPageConfig = { binding, runOptions, failingImpacts, quietMs: 300, maxWaitMs: 5_000 };

/**
 * Runs in the page at the start of every document (after axe's own source). Audits are queued, as
 * axe runs one at a time; each waits until nothing has changed in the DOM for `quietMs`, no finite
 * animation runs and nothing shows as loading (at most `maxWaitMs`, then until no fade runs). Serious
 * and critical results go to the test through the exposed binding.
 */
function watchInPage(options: InPageConfig): void {
  if (window.top !== window) return;
  const page = window as unknown as AuditedWindow;
  let lastChange = performance.now();
  let queue: Promise<unknown> = Promise.resolve();
  let pageAuditWaiting = false;
  const dialogsSeen = new WeakSet<Element>();

  const animating = () =>
    document
      .getAnimations()
      .some((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity);
  const quiet = () =>
    performance.now() - lastChange >= options.quietMs &&
    document.readyState === 'complete' &&
    !Array.from(document.querySelectorAll('[aria-busy="true"], [role="progressbar"]')).some((busy) =>
      busy.checkVisibility({ visibilityProperty: true, checkVisibilityCSS: true } as CheckVisibilityOptions),
    ) &&
    !animating();
  // Past maxWaitMs a page still changing (a journey typing on) is audited anyway, but never halfway
  // through a fade: a menu fading in reads as text a shade off its background (a false contrast failure).
  const settled = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const check = () => {
        const waited = performance.now() - started;
        if (quiet() || (waited > options.maxWaitMs && !animating()) || waited > 2 * options.maxWaitMs) resolve();
        else setTimeout(check, 50);
      };
      check();
    });

  const run = async (target: Document | Element, scope: string): Promise<AccessibilityFinding | null> => {
    if (target instanceof Element && !target.isConnected) return null;
    const results = await page.axe.run(target, options.runOptions);
    const violations = results.violations
      .filter((result) => options.failingImpacts.includes(result.impact ?? null))
      .flatMap((result) =>
        result.nodes.map((node) => ({
          rule: result.id,
          impact: node.impact ?? result.impact ?? null,
          help: result.help,
          helpUrl: result.helpUrl,
          selector: node.target.map(String).join(' >> '),
          html: node.html,
          fix: node.failureSummary ?? '',
        })),
      );
    if (target === document) violations.push(...sidewaysScroll());
    return violations.length ? { url: location.href, scope, violations } : null;
  };

  // A screen that scrolls sideways fails like a serious violation (at either width a journey uses):
  // named by the outermost element that sticks out past the window and is not inside a scroller.
  const sidewaysScroll = () => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return [];
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== root; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const outside = Array.from(document.body.querySelectorAll('*')).filter(
      (element) => element.getBoundingClientRect().right > root.clientWidth + 1,
    );
    // An absolutely placed element escapes its scroller's clip: the farthest one out, then.
    const culprit =
      outside.find((element) => !clipped(element)) ??
      outside.reduce<Element | undefined>(
        (far, element) => (!far || element.getBoundingClientRect().right > far.getBoundingClientRect().right ? element : far),
        undefined,
      );
    return [
      {
        rule: 'horizontal-overflow',
        impact: 'serious' as const,
        help: `The screen is ${root.scrollWidth}px wide in a ${root.clientWidth}px window: it scrolls sideways`,
        helpUrl: 'https://www.w3.org/WAI/WCAG21/Understanding/reflow.html',
        selector: culprit
          ? culprit.tagName.toLowerCase() +
            (culprit.id ? `#${culprit.id}` : '') +
            (culprit.className && typeof culprit.className === 'string' ? `.${culprit.className.trim().split(/\s+/).join('.')}` : '')
          : '',
        html: culprit ? culprit.outerHTML.slice(0, 300) : '',
        fix: 'let the content wrap or shrink, hide the less important columns on a phone, or scroll it inside its own region',
      },
    ];
  };

  const enqueue = (target: () => Document | Element, scope: string, waitForQuiet: boolean) => {
    const audit = queue.then(async () => {
      if (waitForQuiet) await settled();
      if (target() === document) pageAuditWaiting = false;
      return run(target(), scope);
    });
    queue = audit.catch(() => undefined);
    return audit;
  };

  // A page given axe by `auditPage` has no binding: it is only audited when asked.
  const send = (finding: AccessibilityFinding) => {
    const deliver = page[options.binding];
    if (typeof deliver === 'function') void (deliver as (found: AccessibilityFinding) => Promise<void>)(finding);
  };
  const axeError = (scope: string, error: unknown): AccessibilityFinding => ({
    url: location.href,
    scope,
    violations: [
      { rule: 'axe-error', impact: 'critical', help: String(error), helpUrl: '', selector: '', html: '', fix: 'axe could not run' },
    ],
  });
  const report = (target: () => Document | Element, scope: string) => {
    enqueue(target, scope, true).then(
      (finding) => finding && send(finding),
      (error: unknown) => send(axeError(scope, error)),
    );
  };

  const auditPage = (why: string) => {
    if (pageAuditWaiting) return;
    pageAuditWaiting = true;
    report(() => document, why);
  };

  page.meridianAccessibility = {
    audit: (scope) => enqueue(() => document, scope, false),
    idle: async () => {
      // Audits may queue others (a dialog seen while the page settles): wait until none is left.
      let last: Promise<unknown> | undefined;
      while (last !== queue) {
        last = queue;
        await last;
      }
    },
  };
  // The empty page a fresh tab opens on is not a screen of the product: audited only on demand.
  if (location.href === 'about:blank') return;

  // Client-side routes: the address changes without a new document.
  let shownPath = location.pathname + location.search;
  const routeChanged = () => {
    const path = location.pathname + location.search;
    if (path === shownPath) return;
    shownPath = path;
    auditPage('page after a route change');
  };
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method].bind(history);
    history[method] = (...args: Parameters<History['pushState']>) => {
      original(...args);
      routeChanged();
    };
  }
  window.addEventListener('popstate', routeChanged);

  // Dialogs: each one that appears, once open and still (one kept in the page while closed, such
  // as the phone's menu, when it first shows).
  const findDialogs = () => {
    for (const dialog of Array.from(document.querySelectorAll('[role="dialog"], [role="alertdialog"]'))) {
      if (
        dialogsSeen.has(dialog) ||
        !dialog.checkVisibility({ visibilityProperty: true, checkVisibilityCSS: true } as CheckVisibilityOptions)
      )
        continue;
      dialogsSeen.add(dialog);
      const name =
        dialog.getAttribute('aria-label') ?? document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent ?? '';
      report(() => dialog, `dialog "${name}"`);
    }
  };
  new MutationObserver(() => {
    lastChange = performance.now();
    findDialogs();
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });

  auditPage('page on load');
}

/** The findings of one browser context, in the order they were found. */
export type AccessibilityWatch = {
  findings: AccessibilityFinding[];
  /** Waits until every page of the context has finished the audits it has started. */
  settle: () => Promise<void>;
};

/** Installs axe and the watcher in every page the context opens, from its first document on. */
export async function watchAccessibility(context: BrowserContext): Promise<AccessibilityWatch> {
  const findings: AccessibilityFinding[] = [];
  await context.exposeBinding(binding, (_source, finding: AccessibilityFinding) => {
    findings.push(finding);
  });
  await context.addInitScript({ content: `${axeSource}\n;(${watchInPage.toString()})(${JSON.stringify(config)});` });
  return {
    findings,
    settle: async () => {
      await Promise.all(
        context.pages().map((page) =>
          page
            .evaluate(() => (window as unknown as AuditedWindow).meridianAccessibility?.idle())
            // A page that has closed or is leaving has nothing more to report.
            .catch(() => undefined),
        ),
      );
    },
  };
}

/** Fails with every finding of `watches`, once their pages have finished the audits they started. */
export async function expectNoFindings(watches: AccessibilityWatch[]): Promise<void> {
  await Promise.all(watches.map((watch) => watch.settle()));
  const findings = watches.flatMap((watch) => watch.findings);
  if (findings.length) throw new Error(describeFindings(findings));
}

/** Audits the page as it is now; pages that did not start with the watcher get axe first. */
async function auditPage(page: Page, scope: string): Promise<AccessibilityFinding | null> {
  const watched = await page.evaluate(() => Boolean((window as unknown as AuditedWindow).meridianAccessibility));
  if (!watched) await page.addScriptTag({ content: `${axeSource}\n;(${watchInPage.toString()})(${JSON.stringify(config)});` });
  return page.evaluate((what) => (window as unknown as AuditedWindow).meridianAccessibility!.audit(what), scope);
}

/** One block per rule and element, each finding once, for a failure message. */
export function describeFindings(findings: AccessibilityFinding[]): string {
  const blocks = new Map<string, string>();
  for (const { url, scope, violations } of findings) {
    for (const violation of violations) {
      const key = `${violation.rule} ${violation.selector}`;
      if (blocks.has(key)) continue;
      blocks.set(
        key,
        [
          `${violation.rule} (${violation.impact}): ${violation.help}`,
          `  element: ${violation.selector}`,
          `  html: ${violation.html}`,
          `  where: ${url} (${scope})`,
          `  fix: ${violation.fix.replace(/\n/g, '\n       ')}`,
          `  rule: ${violation.helpUrl}`,
        ].join('\n'),
      );
    }
  }
  return `${blocks.size} serious or critical accessibility violation(s):\n\n${[...blocks.values()].join('\n\n')}`;
}

/** Fails at once if the page as it is now has a serious or critical violation. */
export async function expectAccessible(page: Page, scope: string): Promise<void> {
  const finding = await auditPage(page, scope);
  if (finding) throw new Error(describeFindings([finding]));
}
