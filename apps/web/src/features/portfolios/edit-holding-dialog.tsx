import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { formatDollars } from '@meridian/domain/format';
import { portfolioMessages } from '@meridian/domain/messages';
import { holdingUpdateSchema, type Holding } from '@meridian/domain/portfolios';
import type { PortfolioRef } from '../../app/cache-tags.ts';
import { errorText } from '../../lib/error-text.ts';
import { serverFieldErrors } from '../../lib/field-errors.ts';
import { formatQuantity } from './holdings-table.tsx';
import { issuesByField } from './issues-by-field.ts';
import { parseNumber } from './parse-number.ts';
import { useUpdateHoldingMutation } from './portfolios-api.ts';

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

  const close = isLoading ? undefined : onClose;
  const trade = difference > 0 ? `Buys ${formatQuantity(difference)}` : difference < 0 ? `Sells ${formatQuantity(-difference)}` : 'No change';
  return (
    <Dialog open onClose={close} fullWidth maxWidth="xs" aria-labelledby="edit-holding-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="edit-holding-title">Change quantity of {holding.security.symbol}</DialogTitle>
        <DialogContent>
          {errors.form && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errors.form}
            </Alert>
          )}
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
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading || difference === 0} startIcon={isLoading ? <CircularProgress size={16} color="inherit" /> : undefined}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
