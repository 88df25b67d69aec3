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
import { statusLabels } from './portfolio-labels.ts';
import { useUpdatePortfolioMutation } from './portfolios-api.ts';
import { SecurityPicker, type SecurityOption } from './security-picker.tsx';

type Draft = { name: string; account_type: AccountType; status: PortfolioStatus; benchmark: SecurityOption | null; sync_version: number };

const draftOf = (portfolio: Portfolio): Draft => ({
  name: portfolio.name,
  account_type: portfolio.account_type,
  status: portfolio.status,
  benchmark: { id: `benchmark-${portfolio.benchmark_symbol}`, symbol: portfolio.benchmark_symbol, name: '' },
  sync_version: portfolio.sync_version,
});

const currentOf = (error: unknown): Portfolio | null => {
  if (typeof error !== 'object' || error === null || !('status' in error) || error.status !== 409 || !('data' in error)) return null;
  const data = error.data as { current?: Portfolio } | undefined;
  return data?.current ?? null;
};

/** Edits name, account type, status and benchmark; a 409 shows the current version to review and save again. */
export function EditPortfolioDialog({ portfolio, onClose }: { portfolio: Portfolio; onClose: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(portfolio));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const [update, { isLoading }] = useUpdatePortfolioMutation();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((previous) => ({ ...previous, [key]: value }));

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
      await update({ id: portfolio.id, ...parsed.data }).unwrap();
      onClose();
    } catch (error) {
      const current = currentOf(error);
      if (current) {
        setDraft(draftOf(current));
        setConflict(portfolioMessages.portfolioChanged);
        return;
      }
      setErrors(serverFieldErrors(error) ?? { form: errorText(error, portfolioMessages.updatePortfolioFailed) });
    }
  };

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="edit-portfolio-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="edit-portfolio-title">Edit Portfolio</DialogTitle>
        <DialogContent>
          {conflict && (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="portfolio-conflict">
              {conflict} The fields now show the current values.
            </Alert>
          )}
          {errors.form && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errors.form}
            </Alert>
          )}
          <TextField id="edit-portfolio-name" label="Portfolio name" value={draft.name} onChange={(event) => set('name', event.target.value)} error={Boolean(errors.name)} helperText={errors.name ?? ' '} fullWidth margin="dense" />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr', mb: 1 }}>
            <TextField id="edit-portfolio-account-type" select label="Account type" value={draft.account_type} onChange={(event) => set('account_type', event.target.value as AccountType)} helperText={errors.account_type ?? ' '} error={Boolean(errors.account_type)}>
              {accountTypes.map((value) => (
                <MenuItem key={value} value={value}>
                  {accountTypeLabels[value]}
                </MenuItem>
              ))}
            </TextField>
            <TextField id="edit-portfolio-status" select label="Status" value={draft.status} onChange={(event) => set('status', event.target.value as PortfolioStatus)} helperText={errors.status ?? ' '} error={Boolean(errors.status)}>
              {portfolioStatuses.map((value) => (
                <MenuItem key={value} value={value}>
                  {statusLabels[value]}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <SecurityPicker id="edit-portfolio-benchmark" label="Benchmark" value={draft.benchmark} onChange={(value) => set('benchmark', value)} error={errors.benchmark_symbol} />
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
