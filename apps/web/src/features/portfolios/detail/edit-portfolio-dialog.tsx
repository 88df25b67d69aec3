import Box from '@mui/material/Box';
import { Controller } from 'react-hook-form';
import InputAdornment from '@mui/material/InputAdornment';
import { formatDollars, formatShortDate } from '@meridian/domain/shared/format';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';
import {
  accountTypeLabels,
  accountTypes,
  portfolioStatuses,
  portfolioUpdateSchema,
  type Portfolio,
} from '@meridian/domain/portfolios/contracts';
import { DraftConflictAlert } from '../../../components/draft-conflict-alert.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormSelectField } from '../../../components/form-select-field.tsx';
import { FormError, FormTextField } from '../../../components/form.tsx';
import { useRebasedEditForm } from '../../../lib/use-rebased-edit-form.ts';
import { portfolioDraft, type PortfolioDraft } from '../portfolio-draft.ts';
import { lotMethodLabels, statusLabels } from '../portfolio-labels.ts';
import { lotMethods } from '@meridian/domain/analytics/contracts';
import { useUpdatePortfolioMutation } from '../portfolios-api.ts';
import { parseNumber } from '../../../lib/parse-number.ts';
import { SecurityPicker } from '../../market-data/index.ts';

const conflictRows = (current: Portfolio): [string, string][] => [
  ['Name', current.name],
  ['Account type', accountTypeLabels[current.account_type]],
  ['Status', statusLabels[current.status]],
  ['Benchmark', current.benchmark_symbol],
  ['Tax lots', lotMethodLabels[current.lot_method]],
  ['Margin limit', marginText(current.margin_limit)],
  ['Changed', formatShortDate(current.updated_at)],
];

const marginText = (limit: number | null) => (limit === null ? 'No margin' : formatDollars(limit));

const accountTypeOptions = accountTypes.map((value) => ({ value, label: accountTypeLabels[value] }));
const statusOptions = portfolioStatuses.map((value) => ({ value, label: statusLabels[value] }));
const lotMethodOptions = lotMethods.map((value) => ({ value, label: lotMethodLabels[value] }));
const form = {
  toBody: ({ benchmark, margin_limit, ...draft }: PortfolioDraft) => ({
    ...draft,
    benchmark_symbol: benchmark?.symbol ?? '',
    // Empty: no margin (null); anything else must read as a number, or the schema says what is wrong.
    margin_limit: margin_limit.trim() === '' ? null : (parseNumber(margin_limit) ?? null),
  }),
  fieldOf: { benchmark_symbol: 'benchmark' },
} as const;

/**
 * Edits name, account type, status, benchmark, the tax-lot method and the margin limit. A 409 shows the current version; the user's
 * edits stay in the fields (the others take the current values) and saving again applies them.
 */
export function EditPortfolioDialog({ portfolio, onClose }: { portfolio: Portfolio; onClose: () => void }) {
  const [update, { isLoading }] = useUpdatePortfolioMutation();
  const { register, control, banner, conflict, note, submit, reload } = useRebasedEditForm({
    record: portfolio,
    model: portfolioDraft,
    schema: portfolioUpdateSchema,
    formOptions: form,
    save: (body) => update({ portfolio, ...body }).unwrap(),
    onSaved: onClose,
    messages: { changed: portfolioMessages.portfolioChanged, failed: portfolioMessages.updatePortfolioFailed },
    currentText: (current, field) =>
      ({
        name: current.name,
        account_type: accountTypeLabels[current.account_type],
        status: statusLabels[current.status],
        benchmark: current.benchmark_symbol,
        lot_method: lotMethodLabels[current.lot_method],
        margin_limit: marginText(current.margin_limit),
      })[field],
  });

  return (
    <FormDialog
      titleId="edit-portfolio-title"
      title="Edit Portfolio"
      submitLabel="Save"
      busy={isLoading}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      <DraftConflictAlert conflict={conflict} rows={conflictRows} onReload={reload} data-testid="portfolio-conflict" />
      <FormError message={banner} />
      <FormTextField
        register={register}
        control={control}
        name="name"
        id="edit-portfolio-name"
        label="Portfolio name"
        helperText={note('name')}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr', mt: 1, mb: 1 }}>
        <FormSelectField
          control={control}
          name="account_type"
          id="edit-portfolio-account-type"
          label="Account type"
          options={accountTypeOptions}
          helperText={note('account_type')}
        />
        <FormSelectField
          control={control}
          name="status"
          id="edit-portfolio-status"
          label="Status"
          options={statusOptions}
          helperText={note('status')}
        />
      </Box>
      <Controller
        name="benchmark"
        control={control}
        render={({ field, fieldState }) => (
          <SecurityPicker
            id="edit-portfolio-benchmark"
            label="Benchmark"
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
            helperText={note('benchmark')}
          />
        )}
      />
      <FormSelectField
        control={control}
        name="lot_method"
        id="edit-portfolio-lot-method"
        label="Tax lots sold"
        options={lotMethodOptions}
        helperText={note('lot_method')}
        fullWidth
        margin="dense"
      />
      <FormTextField
        register={register}
        control={control}
        name="margin_limit"
        id="edit-portfolio-margin-limit"
        label="Margin limit"
        helperText={note('margin_limit').trim() || 'How far below zero cash may go. Leave empty for no margin: cash never goes below zero.'}
        slotProps={{
          htmlInput: { inputMode: 'decimal' },
          input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
        }}
      />
    </FormDialog>
  );
}
