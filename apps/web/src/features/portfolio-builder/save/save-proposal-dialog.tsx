import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { accountTypeLabels, accountTypes, proposalCreateSchema, type PortfolioDetail } from '@meridian/domain/portfolios';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormError } from '../../../components/form.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { serverFieldErrors } from '../../../lib/field-errors.ts';
import { ClientPicker, type ClientOption } from '../../clients/index.ts';
import { issuesByField } from '../../../lib/issues-by-field.ts';
import { parseNumber } from '../../../lib/parse-number.ts';
import { modelTargets, type Draft } from '../build-draft.ts';
import { builderTexts } from '../builder-texts.ts';
import { useCreateProposalMutation } from '../portfolio-builder-api.ts';

type Props = { draft: Draft; onClose: () => void; onSaved: (portfolio: PortfolioDetail) => void };

/** The fields shown with their own message; any other problem (the targets) goes above the form. */
const fieldNames = ['client_id', 'name', 'account_type', 'amount'];

/** Opens a proposed portfolio for a client from the build's securities and weights (POST /portfolios/proposals). */
export function SaveProposalDialog({ draft, onClose, onSaved }: Props) {
  // A proposal can follow the loaded model when that model names securities, as the proposal does.
  const model = draft.model?.target_kind === 'security' ? draft.model : null;
  const [client, setClient] = useState<ClientOption | null>(null);
  const [name, setName] = useState('');
  const [accountType, setAccountType] = useState('');
  const [amount, setAmount] = useState('');
  const [followModel, setFollowModel] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [createProposal, { isLoading }] = useCreateProposalMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = proposalCreateSchema.safeParse({
      client_id: client?.id ?? null,
      name,
      account_type: accountType,
      amount: parseNumber(amount) ?? null,
      targets: modelTargets(draft).map((target) => ({ security_id: target.security_id, weight: target.weight })),
      model_id: model && followModel ? model.id : null,
    });
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error));
      return;
    }
    setErrors({});
    try {
      onSaved(await createProposal(parsed.data).unwrap());
    } catch (error) {
      setErrors(serverFieldErrors(error) ?? { form: errorText(error, builderTexts.proposalFailed) });
    }
  };

  const formMessage = Object.entries(errors)
    .filter(([field]) => !fieldNames.includes(field))
    .map(([, message]) => message)
    .join(' ');
  return (
    <FormDialog titleId="save-proposal-title" title={builderTexts.proposalTitle} submitLabel={builderTexts.createProposal} busy={isLoading} onSubmit={submit} onClose={onClose}>
      <FormError message={formMessage} />
      <ClientPicker id="proposal-client" label={builderTexts.client} value={client} onChange={setClient} error={errors.client_id} />
      <TextField
        id="proposal-name"
        label={builderTexts.proposalName}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={Boolean(errors.name)}
        helperText={errors.name ?? ' '}
        fullWidth
        margin="dense"
      />
      <TextField
        select
        id="proposal-account-type"
        label={builderTexts.accountType}
        value={accountType}
        onChange={(event) => setAccountType(event.target.value)}
        error={Boolean(errors.account_type)}
        helperText={errors.account_type ?? ' '}
        fullWidth
        margin="dense"
      >
        {accountTypes.map((value) => (
          <MenuItem key={value} value={value}>
            {accountTypeLabels[value]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        id="proposal-amount"
        label={builderTexts.amount}
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={Boolean(errors.amount)}
        helperText={errors.amount ?? builderTexts.amountHelp}
        fullWidth
        margin="dense"
        slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
      />
      {model && (
        <FormControlLabel control={<Checkbox checked={followModel} onChange={(event) => setFollowModel(event.target.checked)} />} label={builderTexts.followModel(model.name)} />
      )}
    </FormDialog>
  );
}
