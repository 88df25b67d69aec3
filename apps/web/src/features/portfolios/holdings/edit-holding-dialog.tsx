import Typography from '@mui/material/Typography';
import { formatDollars } from '@meridian/domain/shared/format';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';
import { holdingUpdateSchema, type Holding } from '@meridian/domain/portfolios/holding-contracts';
import type { PortfolioRef } from '../../../app/cache-tags.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormError, FormTextField } from '../../../components/form.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { formatQuantity } from '../../../lib/format-quantity.ts';
import { parseNumber } from '../../../lib/parse-number.ts';
import { useUpdateHoldingMutation } from '../portfolios-api.ts';

type Props = { portfolio: PortfolioRef; holding: Holding; onClose: () => void };
type Values = { quantity: string; sync_version: number };

const form = { toBody: ({ quantity, sync_version }: Values) => ({ quantity: parseNumber(quantity), sync_version }) };

/** Sets a holding's quantity: the difference is bought or sold at the latest close. */
export function EditHoldingDialog({ portfolio, holding, onClose }: Props) {
  const { register, control, handleSubmit, watch, banner, applyServerError } = useZodForm(
    holdingUpdateSchema,
    { quantity: String(holding.quantity), sync_version: holding.sync_version },
    form,
  );
  const [updateHolding, { isLoading }] = useUpdateHoldingMutation();
  const target = parseNumber(watch('quantity'));
  const difference = target !== undefined && Number.isFinite(target) ? target - holding.quantity : 0;

  const submit = handleSubmit(async (body) => {
    try {
      await updateHolding({ portfolio, holdingId: holding.id, ...body }).unwrap();
      onClose();
    } catch (error) {
      applyServerError(error, portfolioMessages.updateHoldingFailed);
    }
  });

  const trade =
    difference > 0 ? `Buys ${formatQuantity(difference)}` : difference < 0 ? `Sells ${formatQuantity(-difference)}` : 'No change';
  return (
    <FormDialog
      titleId="edit-holding-title"
      title={`Change quantity of ${holding.security.symbol}`}
      maxWidth="xs"
      submitLabel="Save"
      busy={isLoading}
      submitDisabled={difference === 0}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      <FormError message={banner} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Holds {formatQuantity(holding.quantity)} shares
        {holding.last_close !== null && ` · latest close ${formatDollars(holding.last_close)}`}
      </Typography>
      <FormTextField
        register={register}
        control={control}
        name="quantity"
        id="holding-new-quantity"
        label="New quantity"
        autoFocus
        helperText={`${trade} at the latest close`}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
    </FormDialog>
  );
}
