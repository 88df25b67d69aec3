import type { MouseEvent } from 'react';
import { useHref, useNavigate } from 'react-router';

/** What a click inside a row acts on by itself rather than opening the row's record. */
const ownControls =
  'a, button, input, select, textarea, label, [role="button"], [role="checkbox"], [role="combobox"], [role="menuitem"], [role="switch"]';

/**
 * The props that make a table row open its record (`to`) on a click anywhere but on a control of
 * its own (a link, a button, a menu): the mouse need not aim at the name. The row stays out of the
 * tab order: keyboard and screen-reader users follow the record's link in the row (its name), which
 * is also what opens in a new tab. Ctrl- or ⌘-click on the row opens a new tab too. Opens nothing
 * when the click ends a text selection in the row, or lands in a menu or dialog opened from it
 * (React bubbles a portal's clicks through the row).
 */
export function useOpensRecord(to: string) {
  const navigate = useNavigate();
  const href = useHref(to);
  const onClick = (event: MouseEvent<HTMLTableRowElement>) => {
    const row = event.currentTarget;
    const target = event.target as Element;
    if (!row.contains(target)) return;
    const control = target.closest(ownControls);
    if (control && row.contains(control)) return;
    const selection = window.getSelection();
    if (selection && !selection.isCollapsed && row.contains(selection.anchorNode)) return;
    if (event.ctrlKey || event.metaKey) window.open(href, '_blank', 'noopener');
    else void navigate(to);
  };
  return { onClick, sx: { cursor: 'pointer' } } as const;
}
