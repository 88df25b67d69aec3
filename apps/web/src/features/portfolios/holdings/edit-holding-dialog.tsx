import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { formatDollars } from '@meridian/domain/format';
import { portfolioMessages } from '@meridian/domain/portfolio-messages';
import { holdingUpdateSchema, type Holding } from '@meridian/domain/portfolios';
import type { PortfolioRef } from '../../../app/cache-tags.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormError } from '../../../components/form.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { serverFieldErrors } from '../../../lib/field-errors.ts';
import { formatQuantity } from '../../../lib/format-quantity.ts';
import { issuesByField } from '../../../lib/issues-by-field.ts';
import { parseNumber } from '../../../lib/parse-number.ts';
import { useUpdateHoldingMutation } from '../portfolios-api.ts';

type Props = { portfolio: PortfolioRef; holding: Holding; onClose: () => void };

/** Sets a holding's quantity: the difference is bought or sold at the latest close. */
export function EditHoldingDialog({ portfolio, holding, onClose }: Props) {
  const [quantity, setQuantity] = useState(String(holding.quantity));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [updateHolding, { isLoading }] = useUpdateHoldingMutation();
  const target = parseNumber(quantity);
  const difference = target !== undefined && Number.isFinite(target) ? target - holding.quantity : 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = holdingUpdateSchema.safeParse({ quantity: target, sync_version: holding.sync_version });
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error));
      return;
    }
    try {
      await updateHolding({ portfolio, holdingId: holding.id, ...parsed.data }).unwrap();
      onClose();
    } catch (error) {
      setErrors(serverFieldErrors(error) ?? { form: errorText(error, portfolioMessages.updateHoldingFailed) });
    }
  };

  const trade = difference > 0 ? `Buys ${formatQuantity(difference)}` : difference < 0 ? `Sells ${formatQuantity(-difference)}` : 'No change';
  return (
    <FormDialog titleId="edit-holding-title" title={`Change quantity of ${holding.security.symbol}`} maxWidth="xs" submitLabel="Save" busy={isLoading} submitDisabled={difference === 0} onSubmit={submit} onClose={onClose}>
      <FormError message={errors.form} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Holds {formatQuantity(holding.quantity)} shares
        {holding.last_close !== null && ` · latest close ${formatDollars(holding.last_close)}`}
      </Typography>
      <TextField
        id="holding-new-quantity"
        label="New quantity"
        autoFocus
        value={quantity}
        onChange={(event) => setQuantity(event.target.value)}
        error={Boolean(errors.quantity)}
        helperText={errors.quantity ?? `${trade} at the latest close`}
        fullWidth
        margin="dense"
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
    </FormDialog>
  );
}
