import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { portfolioMessages } from '@meridian/domain/messages';
import { accountTypeLabels, accountTypes, portfolioStatuses, portfolioUpdateSchema, type AccountType, type Portfolio, type PortfolioStatus } from '@meridian/domain/portfolios';
import { errorText } from '../../lib/error-text.ts';
import { serverFieldErrors } from '../../lib/field-errors.ts';
import { issuesByField } from './issues-by-field.ts';
import { PortfolioConflictAlert } from './portfolio-conflict-alert.tsx';
import { changedFields, portfolioDraftOf, rebasePortfolioDraft, type PortfolioDraft, type PortfolioDraftField } from './portfolio-draft.ts';
import { statusLabels } from './portfolio-labels.ts';
import { useUpdatePortfolioMutation } from './portfolios-api.ts';
import { SecurityPicker } from './security-picker.tsx';

type Conflict = { message: string; current: Portfolio };

const currentOf = (error: unknown): Portfolio | null => {
  if (typeof error !== 'object' || error === null || !('status' in error) || error.status !== 409 || !('data' in error)) return null;
  const data = error.data as { current?: Portfolio } | undefined;
  return data?.current ?? null;
};

/**
 * Edits name, account type, status and benchmark. A 409 shows the current version; the user's
 * edits stay in the fields (the others take the current values) and saving again applies them.
 */
export function EditPortfolioDialog({ portfolio, onClose }: { portfolio: Portfolio; onClose: () => void }) {
  const [base, setBase] = useState<Portfolio>(portfolio);
  const [draft, setDraft] = useState<PortfolioDraft>(() => portfolioDraftOf(portfolio));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [update, { isLoading }] = useUpdatePortfolioMutation();
  const set = <K extends keyof PortfolioDraft>(key: K, value: PortfolioDraft[K]) => setDraft((previous) => ({ ...previous, [key]: value }));
  // After a conflict, a field whose value differs from the current version says what that version holds.
  const differing = conflict ? changedFields(draft, conflict.current) : new Set<PortfolioDraftField>();
  const note = (field: PortfolioDraftField) => {
    if (!conflict || !differing.has(field)) return ' ';
    const { current } = conflict;
    const value = { name: current.name, account_type: accountTypeLabels[current.account_type], status: statusLabels[current.status], benchmark: current.benchmark_symbol }[field];
    return `Current version: ${value}`;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = portfolioUpdateSchema.safeParse({
      name: draft.name,
      account_type: draft.account_type,
      status: draft.status,
      benchmark_symbol: draft.benchmark?.symbol ?? '',
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
      const current = currentOf(error);
      if (current) {
        setDraft(rebasePortfolioDraft(draft, base, current));
        setBase(current);
        setConflict({ message: errorText(error, portfolioMessages.portfolioChanged), current });
        return;
      }
      setErrors(serverFieldErrors(error) ?? { form: errorText(error, portfolioMessages.updatePortfolioFailed) });
    }
  };

  const reload = () => {
    if (!conflict) return;
    setDraft(portfolioDraftOf(conflict.current));
    setConflict(null);
    setErrors({});
  };

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="edit-portfolio-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="edit-portfolio-title">Edit Portfolio</DialogTitle>
        <DialogContent>
          {conflict && <PortfolioConflictAlert message={conflict.message} current={conflict.current} onReload={reload} />}
          {errors.form && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errors.form}
            </Alert>
          )}
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
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading} startIcon={isLoading ? <CircularProgress size={16} color="inherit" /> : undefined}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
