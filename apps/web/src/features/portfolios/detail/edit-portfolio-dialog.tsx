import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { formatShortDate } from '@meridian/domain/format';
import { portfolioMessages } from '@meridian/domain/portfolio-messages';
import { accountTypeLabels, accountTypes, portfolioStatuses, portfolioUpdateSchema, type AccountType, type Portfolio, type PortfolioStatus } from '@meridian/domain/portfolios';
import { DraftConflictAlert } from '../../../components/draft-conflict-alert.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormError } from '../../../components/form.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { serverFieldErrors } from '../../../lib/field-errors.ts';
import { useRebasedDraft } from '../../../lib/use-rebased-draft.ts';
import { issuesByField } from '../../../lib/issues-by-field.ts';
import { changedFields, portfolioDraftOf, rebasePortfolioDraft, type PortfolioDraft, type PortfolioDraftField } from '../portfolio-draft.ts';
import { lotMethodLabels, statusLabels } from '../portfolio-labels.ts';
import { lotMethods, type LotMethod } from '@meridian/domain/portfolio-analytics';
import { useUpdatePortfolioMutation } from '../portfolios-api.ts';
import { SecurityPicker } from '../../market-data/index.ts';

const conflictRows = (current: Portfolio): [string, string][] => [
  ['Name', current.name],
  ['Account type', accountTypeLabels[current.account_type]],
  ['Status', statusLabels[current.status]],
  ['Benchmark', current.benchmark_symbol],
  ['Tax lots', lotMethodLabels[current.lot_method]],
  ['Changed', formatShortDate(current.updated_at)],
];

/**
 * Edits name, account type, status, benchmark and the tax-lot method. A 409 shows the current version; the user's
 * edits stay in the fields (the others take the current values) and saving again applies them.
 */
export function EditPortfolioDialog({ portfolio, onClose }: { portfolio: Portfolio; onClose: () => void }) {
  const { draft, setDraft, conflict, takeConflict, reloadCurrent } = useRebasedDraft(portfolio, portfolioDraftOf, rebasePortfolioDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [update, { isLoading }] = useUpdatePortfolioMutation();
  const set = <K extends keyof PortfolioDraft>(key: K, value: PortfolioDraft[K]) => setDraft((previous) => ({ ...previous, [key]: value }));
  // After a conflict, a field whose value differs from the current version says what that version holds.
  const differing = conflict ? changedFields(draft, conflict.current) : new Set<PortfolioDraftField>();
  const note = (field: PortfolioDraftField) => {
    if (!conflict || !differing.has(field)) return ' ';
    const { current } = conflict;
    const value = { name: current.name, account_type: accountTypeLabels[current.account_type], status: statusLabels[current.status], benchmark: current.benchmark_symbol, lot_method: lotMethodLabels[current.lot_method] }[field];
    return `Current version: ${value}`;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = portfolioUpdateSchema.safeParse({
      name: draft.name,
      account_type: draft.account_type,
      status: draft.status,
      benchmark_symbol: draft.benchmark?.symbol ?? '',
      lot_method: draft.lot_method,
      sync_version: draft.sync_version,
    });
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error));
      return;
    }
    setErrors({});
    try {
      await update({ portfolio, ...parsed.data }).unwrap();
      onClose();
    } catch (error) {
      if (takeConflict(error, portfolioMessages.portfolioChanged)) return;
      setErrors(serverFieldErrors(error) ?? { form: errorText(error, portfolioMessages.updatePortfolioFailed) });
    }
  };

  const reload = () => {
    reloadCurrent();
    setErrors({});
  };

  return (
    <FormDialog titleId="edit-portfolio-title" title="Edit Portfolio" submitLabel="Save" busy={isLoading} onSubmit={submit} onClose={onClose}>
      {conflict && <DraftConflictAlert message={conflict.message} rows={conflictRows(conflict.current)} onReload={reload} data-testid="portfolio-conflict" />}
      <FormError message={errors.form} />
      <TextField id="edit-portfolio-name" label="Portfolio name" value={draft.name} onChange={(event) => set('name', event.target.value)} error={Boolean(errors.name)} helperText={errors.name ?? note('name')} fullWidth margin="dense" />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr', mt: 1, mb: 1 }}>
        <TextField id="edit-portfolio-account-type" select label="Account type" value={draft.account_type} onChange={(event) => set('account_type', event.target.value as AccountType)} helperText={errors.account_type ?? note('account_type')} error={Boolean(errors.account_type)}>
          {accountTypes.map((value) => (
            <MenuItem key={value} value={value}>
              {accountTypeLabels[value]}
            </MenuItem>
          ))}
        </TextField>
        <TextField id="edit-portfolio-status" select label="Status" value={draft.status} onChange={(event) => set('status', event.target.value as PortfolioStatus)} helperText={errors.status ?? note('status')} error={Boolean(errors.status)}>
          {portfolioStatuses.map((value) => (
            <MenuItem key={value} value={value}>
              {statusLabels[value]}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <SecurityPicker id="edit-portfolio-benchmark" label="Benchmark" value={draft.benchmark} onChange={(value) => set('benchmark', value)} error={errors.benchmark_symbol} helperText={note('benchmark')} />
      <TextField id="edit-portfolio-lot-method" select label="Tax lots sold" value={draft.lot_method} onChange={(event) => set('lot_method', event.target.value as LotMethod)} helperText={errors.lot_method ?? note('lot_method')} error={Boolean(errors.lot_method)} fullWidth margin="dense">
        {lotMethods.map((value) => (
          <MenuItem key={value} value={value}>
            {lotMethodLabels[value]}
          </MenuItem>
        ))}
      </TextField>
    </FormDialog>
  );
}
