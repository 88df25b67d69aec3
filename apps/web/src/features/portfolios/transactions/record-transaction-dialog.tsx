import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { isTrade } from '@meridian/domain/portfolios/ledger';
import { transactionCorrectSchema, transactionCreateSchema, type Transaction } from '@meridian/domain/portfolios/transaction-contracts';
import { transactionTypes, type TransactionType } from '@meridian/domain/portfolios/contracts';
import { marketDate } from '@meridian/domain/shared/trading-calendar';
import type { PortfolioRef } from '../../../app/cache-tags.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormSelectField } from '../../../components/form-select-field.tsx';
import { FormError, FormTextField } from '../../../components/form.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { parseNumber } from '../../../lib/parse-number.ts';
import { transactionTypeLabels } from '../../../lib/transaction-type-labels.ts';
import { useCorrectTransactionMutation, useRecordTransactionMutation } from '../portfolios-api.ts';
import { entrySummary, newIdempotencyKey } from './entry-summary.ts';
import { useLastClosePrice } from '../use-last-close-price.ts';
import { SecurityPicker, type SecurityOption } from '../../market-data/index.ts';

/** Which fields a type asks for: trades a security, quantity and price; cash moves an amount. */
const needsSecurity = (type: TransactionType) => isTrade(type) || type === 'dividend';
const allowsSecurity = (type: TransactionType) => type !== 'deposit' && type !== 'withdrawal';

type Values = {
  type: TransactionType;
  trade_date: string;
  security: SecurityOption | null;
  quantity: string;
  price: string;
  amount: string;
  notes: string;
  /** Why an entry is corrected (the correction form only). */
  reason: string;
};

const typeOptions = transactionTypes.map((value) => ({ value, label: transactionTypeLabels[value] }));
/** Only the fields of the chosen type are sent. */
const entryBody = (values: Values) => {
  const trade = isTrade(values.type);
  return {
    type: values.type,
    trade_date: values.trade_date,
    security_id: allowsSecurity(values.type) ? (values.security?.id ?? null) : null,
    quantity: trade ? parseNumber(values.quantity) : null,
    price: trade ? parseNumber(values.price) : null,
    amount: trade ? null : parseNumber(values.amount),
    notes: values.notes.trim() || null,
  };
};
const fieldOf = { security_id: 'security', symbol: 'security' } as const;
const recordForm = { toBody: entryBody, fieldOf } as const;

/** The fields of an entry being corrected, as the form shows them. */
const valuesOf = (entry: Transaction): Values => ({
  type: entry.type,
  trade_date: entry.trade_date,
  security: entry.security,
  quantity: entry.quantity === null ? '' : String(entry.quantity),
  price: entry.price === null ? '' : String(entry.price),
  amount: isTrade(entry.type) ? '' : String(Math.abs(entry.amount)),
  notes: entry.notes ?? '',
  reason: '',
});

/**
 * Records one ledger entry; the fields follow the type (spec: buy/sell, dividend, interest, deposit,
 * withdrawal, fee). With `correcting`, the same form corrects that entry: its fields pre-filled, a
 * reason required, and saving voids it and records the entry as now filled in, in one write.
 */
export function RecordTransactionDialog({
  portfolio,
  onClose,
  correcting,
}: {
  portfolio: PortfolioRef;
  onClose: () => void;
  correcting?: Transaction;
}) {
  // Trade dates are market dates, as on the server: the user's own calendar may already be a day
  // ahead of New York (evening in Europe, any time in Asia), which the server refuses as the future.
  const [today] = useState(() => marketDate(new Date()));
  const [idempotencyKey] = useState(newIdempotencyKey);
  const correctForm = useMemo(
    () =>
      ({
        toBody: (values: Values) => ({ ...entryBody(values), reason: values.reason, sync_version: correcting?.sync_version }),
        fieldOf,
      }) as const,
    [correcting],
  );
  const { register, control, handleSubmit, watch, getValues, setValue, clearErrors, banner, applyServerError } = useZodForm<Values, object>(
    correcting ? transactionCorrectSchema : transactionCreateSchema,
    correcting
      ? valuesOf(correcting)
      : { type: 'deposit', trade_date: today, security: null, quantity: '', price: '', amount: '', notes: '', reason: '' },
    correcting ? correctForm : recordForm,
  );
  const [record, { isLoading: recording }] = useRecordTransactionMutation();
  const [correct, { isLoading: correctingNow }] = useCorrectTransactionMutation();
  const isLoading = recording || correctingNow;
  const fillPrice = useLastClosePrice(
    () => getValues('price'),
    (price) => setValue('price', price),
  );
  const type = watch('type');
  const trade = isTrade(type);

  // Another type asks for other fields: the messages about the previous ones go.
  useEffect(() => {
    const subscription = watch((_values, { name }) => {
      if (name === 'type') clearErrors();
    });
    return () => subscription.unsubscribe();
  }, [watch, clearErrors]);

  const submit = handleSubmit(async (body) => {
    try {
      if (correcting) {
        const correction = body as Parameters<typeof correct>[0];
        await correct({ ...correction, portfolio, transactionId: correcting.id, idempotencyKey }).unwrap();
      } else {
        await record({ ...(body as Parameters<typeof record>[0]), portfolio }).unwrap();
      }
      onClose();
    } catch (error) {
      applyServerError(error, correcting ? 'Failed to correct the entry' : 'Failed to record transaction');
    }
  });

  const field = (name: 'quantity' | 'price' | 'amount', label: string) => (
    <FormTextField
      register={register}
      control={control}
      name={name}
      id={`transaction-${name}`}
      label={label}
      // Dollars say so, as in Add Holding; the adornment also keeps the label above a price filled in by the form.
      slotProps={{
        htmlInput: { inputMode: 'decimal' },
        input: name === 'quantity' ? {} : { startAdornment: <InputAdornment position="start">$</InputAdornment> },
      }}
    />
  );

  return (
    <FormDialog
      titleId="record-transaction-title"
      title={correcting ? 'Correct entry' : 'Record Transaction'}
      submitLabel={correcting ? 'Save correction' : 'Record'}
      busy={isLoading}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      <FormError message={banner} />
      {correcting && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Correcting: {entrySummary(correcting)}. It stays in the ledger, marked void, beside the entry as filled in here.
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr', mt: 1 }}>
        <FormSelectField control={control} name="type" id="transaction-type" label="Type" options={typeOptions} />
        <FormTextField
          register={register}
          control={control}
          name="trade_date"
          id="transaction-date"
          type="date"
          label="Trade date"
          fullWidth={false}
          margin="none"
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
        />
      </Box>
      {allowsSecurity(type) && (
        <Controller
          name="security"
          control={control}
          render={({ field: picked, fieldState }) => (
            <SecurityPicker
              id="transaction-security"
              label={needsSecurity(type) ? 'Security' : 'Security (optional)'}
              value={picked.value}
              onChange={(security) => {
                picked.onChange(security);
                fillPrice(security);
              }}
              error={fieldState.error?.message}
            />
          )}
        />
      )}
      {trade ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
          {field('quantity', 'Quantity')}
          {field('price', 'Price per share')}
        </Box>
      ) : (
        field('amount', 'Amount')
      )}
      <FormTextField register={register} control={control} name="notes" id="transaction-notes" label="Notes (optional)" />
      {correcting && (
        <FormTextField
          register={register}
          control={control}
          name="reason"
          id="correction-reason"
          label="Reason"
          required
          multiline
          minRows={2}
        />
      )}
    </FormDialog>
  );
}
