import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { formatDollars } from '@meridian/domain/format';
import { portfolioMessages } from '@meridian/domain/portfolio-messages';
import { holdingCreateSchema } from '@meridian/domain/portfolios';
import type { PortfolioRef } from '../../../app/cache-tags.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormError } from '../../../components/form.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { serverFieldErrors } from '../../../lib/field-errors.ts';
import { issuesByField } from '../../../lib/issues-by-field.ts';
import { parseNumber } from '../../../lib/parse-number.ts';
import { useAddHoldingMutation } from '../portfolios-api.ts';
import { SecurityPicker, type SecurityOption } from '../../market-data/index.ts';

type Props = { portfolio: PortfolioRef; open: boolean; onClose: () => void };

/** Buys a security for the portfolio: at the price given, else at its latest close (recorded in the ledger). */
export function AddHoldingDialog({ portfolio, open, onClose }: Props) {
  const [security, setSecurity] = useState<SecurityOption | null>(null);
  const [quantity, setQuantity] = useState('');
  const [price, setPrice] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [addHolding, { isLoading }] = useAddHoldingMutation();

  const close = () => {
    setSecurity(null);
    setQuantity('');
    setPrice('');
    setErrors({});
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = holdingCreateSchema.safeParse({ security_id: security?.id ?? null, quantity: parseNumber(quantity), price: parseNumber(price) ?? null });
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error));
      return;
    }
    setErrors({});
    try {
      await addHolding({ portfolio, ...parsed.data }).unwrap();
      close();
    } catch (error) {
      setErrors(serverFieldErrors(error) ?? { form: errorText(error, portfolioMessages.addHoldingFailed) });
    }
  };

  const latestClose = security?.last_close;
  return (
    <FormDialog open={open} titleId="add-holding-title" title="Add Holding" submitLabel="Buy" busy={isLoading} onSubmit={submit} onClose={close}>
      <FormError message={errors.form} />
      <Box sx={{ pt: 1 }} />
      <SecurityPicker
        id="holding-security"
        label="Security"
        value={security}
        onChange={setSecurity}
        autoFocus
        error={errors.security_id ?? errors.symbol}
        helperText="Search by symbol or name"
      />
      <TextField
        id="holding-quantity"
        label="Quantity"
        value={quantity}
        onChange={(event) => setQuantity(event.target.value)}
        error={Boolean(errors.quantity)}
        helperText={errors.quantity ?? ' '}
        fullWidth
        margin="dense"
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <TextField
        id="holding-price"
        label="Price per share (optional)"
        value={price}
        onChange={(event) => setPrice(event.target.value)}
        error={Boolean(errors.price)}
        helperText={
          errors.price ?? (latestClose != null ? `Empty: the latest close, ${formatDollars(latestClose)}` : 'Empty: the latest close')
        }
        fullWidth
        margin="dense"
        slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
      />
    </FormDialog>
  );
}
