import type { Locator, Page } from 'playwright-core';
import { snapDialog } from './browser.ts';

/** Picks `option` from the select labelled `label` inside `scope`. */
export async function choose(target: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await target.getByRole('option', { name: option, exact: true }).click();
  await target.getByRole('listbox').waitFor({ state: 'detached' });
}

export type Entry = { type: string; amount?: string; symbol?: string; quantity?: string; price?: string; notes?: string };

/** Opens 'Record Transaction' and fills it in; the fields follow the type. The trade date stays today's. */
export async function fillTransaction(target: Page, entry: Entry): Promise<Locator> {
  await target.getByRole('button', { name: 'Record Transaction' }).click();
  const dialog = target.getByRole('dialog', { name: 'Record Transaction' });
  await choose(target, dialog, 'Type', entry.type);
  if (entry.symbol) {
    await dialog.getByRole('combobox', { name: /^Security/ }).fill(entry.symbol);
    await target.getByTestId(`security-option-${entry.symbol}`).click();
  }
  if (entry.quantity !== undefined) await dialog.getByLabel('Quantity', { exact: true }).fill(entry.quantity);
  if (entry.price !== undefined) await dialog.getByLabel('Price per share', { exact: true }).fill(entry.price);
  if (entry.amount !== undefined) await dialog.getByLabel('Amount', { exact: true }).fill(entry.amount);
  if (entry.notes) await dialog.getByLabel('Notes (optional)').fill(entry.notes);
  return dialog;
}

export async function recordTransaction(target: Page, entry: Entry, shot?: string): Promise<void> {
  const dialog = await fillTransaction(target, entry);
  if (shot) await snapDialog(target, shot);
  await dialog.getByRole('button', { name: 'Record', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}
