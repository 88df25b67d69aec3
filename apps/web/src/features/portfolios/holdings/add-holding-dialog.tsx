import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import { Controller } from 'react-hook-form';
import { formatDollars } from '@meridian/domain/shared/format';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';
import { holdingCreateSchema } from '@meridian/domain/portfolios/holding-contracts';
import type { PortfolioRef } from '../../../app/cache-tags.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormError, FormTextField } from '../../../components/form.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { parseNumber } from '../../../lib/parse-number.ts';
import { useAddHoldingMutation } from '../portfolios-api.ts';
import { useLastClosePrice } from '../use-last-close-price.ts';
import { SecurityPicker, type SecurityOption } from '../../market-data/index.ts';

type Props = { portfolio: PortfolioRef; open: boolean; onClose: () => void };
type Values = { security: SecurityOption | null; quantity: string; price: string };

const emptyForm: Values = { security: null, quantity: '', price: '' };
const form = {
  toBody: ({ security, quantity, price }: Values) => ({
    security_id: security?.id ?? null,
    quantity: parseNumber(quantity),
    price: parseNumber(price) ?? null,
  }),
  fieldOf: { security_id: 'security', symbol: 'security' },
} as const;

/** Buys a security for the portfolio (recorded in the ledger): at the price given, which starts at its latest close; left empty, at the latest close. */
export function AddHoldingDialog({ portfolio, open, onClose }: Props) {
  const { register, control, handleSubmit, reset, watch, getValues, setValue, banner, applyServerError } = useZodForm(
    holdingCreateSchema,
    emptyForm,
    form,
  );
  const [addHolding, { isLoading }] = useAddHoldingMutation();
  const fillPrice = useLastClosePrice(
    () => getValues('price'),
    (price) => setValue('price', price),
  );

  const close = () => {
    reset(emptyForm);
    onClose();
  };

  const submit = handleSubmit(async (body) => {
    try {
      await addHolding({ portfolio, ...body }).unwrap();
      close();
    } catch (error) {
      applyServerError(error, portfolioMessages.addHoldingFailed);
    }
  });

  const latestClose = watch('security')?.last_close;
  return (
    <FormDialog
      open={open}
      titleId="add-holding-title"
      title="Add Holding"
      submitLabel="Buy"
      busy={isLoading}
      onSubmit={(event) => void submit(event)}
      onClose={close}
    >
      <FormError message={banner} />
      <Box sx={{ pt: 1 }} />
      <Controller
        name="security"
        control={control}
        render={({ field, fieldState }) => (
          <SecurityPicker
            id="holding-security"
            label="Security"
            value={field.value}
            onChange={(security) => {
              field.onChange(security);
              fillPrice(security);
            }}
            autoFocus
            error={fieldState.error?.message}
            helperText="Search by symbol or name"
          />
        )}
      />
      <FormTextField
        register={register}
        control={control}
        name="quantity"
        id="holding-quantity"
        label="Quantity"
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <FormTextField
        register={register}
        control={control}
        name="price"
        id="holding-price"
        label="Price per share (optional)"
        helperText={latestClose != null ? `Empty: the latest close, ${formatDollars(latestClose)}` : 'Empty: the latest close'}
        slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
      />
    </FormDialog>
  );
}
