import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import { Controller } from 'react-hook-form';
import {
  accountTypeLabels,
  accountTypes,
  proposalCreateSchema,
  type PortfolioDetail,
  type ProposalCreate,
} from '@meridian/domain/portfolios/contracts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormSelectField } from '../../../components/form-select-field.tsx';
import { FormError, FormTextField } from '../../../components/form.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { ClientPicker, type ClientOption } from '../../clients/index.ts';
import { parseNumber } from '../../../lib/parse-number.ts';
import { modelTargets, type Draft } from '../build-draft.ts';
import { builderTexts } from '../builder-texts.ts';
import { useCreateProposalMutation } from '../portfolio-builder-api.ts';

type Props = { draft: Draft; onClose: () => void; onSaved: (portfolio: PortfolioDetail) => void };

type Values = {
  client: ClientOption | null;
  name: string;
  account_type: string;
  amount: string;
  /** The build's securities and weights, sent as they are; their messages go above the form. */
  targets: ProposalCreate['targets'];
  /** The loaded model the proposal may follow, and whether it does. */
  model_id: string | null;
  follow_model: boolean;
};

const accountTypeOptions = accountTypes.map((value) => ({ value, label: accountTypeLabels[value] }));
const form = {
  toBody: ({ client, amount, model_id, follow_model, ...values }: Values) => ({
    ...values,
    client_id: client?.id ?? null,
    amount: parseNumber(amount) ?? null,
    model_id: follow_model ? model_id : null,
  }),
  fieldOf: { client_id: 'client' },
  bannerFields: ['targets'],
} as const;

/** Opens a proposed portfolio for a client from the build's securities and weights (POST /portfolios/proposals). */
export function SaveProposalDialog({ draft, onClose, onSaved }: Props) {
  // A proposal can follow the loaded model when that model names securities, as the proposal does.
  const model = draft.model?.target_kind === 'security' ? draft.model : null;
  const { register, control, handleSubmit, banner, applyServerError } = useZodForm(
    proposalCreateSchema,
    {
      client: null,
      name: '',
      account_type: '',
      amount: '',
      targets: modelTargets(draft).map((target) => ({ security_id: target.security_id!, weight: target.weight })),
      model_id: model?.id ?? null,
      follow_model: true,
    },
    form,
  );
  const [createProposal, { isLoading }] = useCreateProposalMutation();

  const submit = handleSubmit(async (body) => {
    try {
      onSaved(await createProposal(body).unwrap());
    } catch (error) {
      applyServerError(error, builderTexts.proposalFailed);
    }
  });

  return (
    <FormDialog
      titleId="save-proposal-title"
      title={builderTexts.proposalTitle}
      submitLabel={builderTexts.createProposal}
      busy={isLoading}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      <FormError message={banner} />
      <Controller
        name="client"
        control={control}
        render={({ field, fieldState }) => (
          <ClientPicker
            id="proposal-client"
            label={builderTexts.client}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      <FormTextField register={register} control={control} name="name" id="proposal-name" label={builderTexts.proposalName} />
      <FormSelectField
        control={control}
        name="account_type"
        id="proposal-account-type"
        label={builderTexts.accountType}
        options={accountTypeOptions}
        fullWidth
        margin="dense"
      />
      <FormTextField
        register={register}
        control={control}
        name="amount"
        id="proposal-amount"
        label={builderTexts.amount}
        helperText={builderTexts.amountHelp}
        slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
      />
      {model && (
        <Controller
          name="follow_model"
          control={control}
          render={({ field }) => (
            <FormControlLabel
              control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
              label={builderTexts.followModel(model.name)}
            />
          )}
        />
      )}
    </FormDialog>
  );
}
