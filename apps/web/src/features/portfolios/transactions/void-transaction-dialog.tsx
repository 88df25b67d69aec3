import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { transactionVoidSchema, type Transaction } from '@meridian/domain/portfolios/transaction-contracts';
import type { PortfolioRef } from '../../../app/cache-tags.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormError, FormTextField } from '../../../components/form.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useVoidTransactionMutation } from '../portfolios-api.ts';
import { entrySummary, newIdempotencyKey } from './entry-summary.ts';

type Values = { reason: string };

/**
 * Voids one ledger entry: it stays on the record, struck through, and no figure counts it. The reason
 * is required (it is kept with who voided the entry and when); the server refuses a void that would
 * leave a later sell uncovered or cash below zero, and the dialog shows why.
 */
export function VoidTransactionDialog({ portfolio, entry, onClose }: { portfolio: PortfolioRef; entry: Transaction; onClose: () => void }) {
  const [idempotencyKey] = useState(newIdempotencyKey);
  const { register, control, handleSubmit, banner, applyServerError } = useZodForm(
    transactionVoidSchema,
    { reason: '' },
    { toBody: (values: Values) => ({ reason: values.reason, sync_version: entry.sync_version }) },
  );
  const [voidEntry, { isLoading }] = useVoidTransactionMutation();
  const submit = handleSubmit(async (body) => {
    try {
      await voidEntry({ portfolio, transactionId: entry.id, idempotencyKey, ...body }).unwrap();
      onClose();
    } catch (error) {
      applyServerError(error, 'Failed to void the entry');
    }
  });

  return (
    <FormDialog
      titleId="void-transaction-title"
      title="Void entry"
      submitLabel="Void entry"
      busy={isLoading}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      <FormError message={banner} />
      <Typography sx={{ mb: 1 }}>{entrySummary(entry)}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        The entry stays in the ledger, marked void with your name, the time and the reason. Holdings, cash and every figure are recomputed
        without it.
      </Typography>
      <FormTextField register={register} control={control} name="reason" id="void-reason" label="Reason" required multiline minRows={2} />
    </FormDialog>
  );
}
