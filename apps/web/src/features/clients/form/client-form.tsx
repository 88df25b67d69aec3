import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { advisorMessages } from '@meridian/domain/users/advisors';
import { investmentExperiences, type Client } from '@meridian/domain/clients/contracts';
import type { CreateClientBody, UpdateClientBody } from '@meridian/domain/clients/client-body';
import { experienceLabel } from '@meridian/domain/shared/format';
import { riskBandLabel } from '@meridian/domain/clients/risk-band';
import { riskBands, type RiskBand } from '@meridian/domain/model-portfolios/contracts';
import { clientScreenMessages as text } from '@meridian/domain/clients/screen-messages';
import { FormSelectField } from '../../../components/form-select-field.tsx';
import { FormError, FormTextField, SubmitButton } from '../../../components/form.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useAdvisorsQuery } from '../advisors-api.ts';
import { ClientConflictAlert } from './client-conflict-alert.tsx';
import { advisorChoices, clientFormSchema, clientToForm, type ClientFormValues } from './client-form-values.ts';
import { UnsavedChangesDialog } from './unsaved-changes-dialog.tsx';
import { useUnsavedChangesGuard } from './use-unsaved-changes-guard.ts';

type Body = CreateClientBody | UpdateClientBody;

type Props = {
  mode: 'create' | 'edit';
  defaultValues: ClientFormValues;
  /** The signed-in user is an admin: the advisor is chosen among the firm's active advisors. */
  chooseAdvisor: boolean;
  /** The advisor's name: shown read-only to an advisor; for an admin, the current advisor's (edit). */
  advisorName: string;
  onSave: (body: Body) => Promise<Client>;
  failureText: string;
  /** Where Cancel leads. */
  cancelTo: string;
};

type ErrorWithCurrent = { status: number; data: { current: Client } };
const isConflict = (error: unknown): error is ErrorWithCurrent =>
  typeof error === 'object' &&
  error !== null &&
  (error as { status?: unknown }).status === 409 &&
  typeof (error as { data?: { current?: unknown } }).data?.current === 'object';

const notSpecified = { value: '', label: 'Not specified' };
const notAssessedOption = { value: '', label: riskBandLabel(null) };
const bandOptions = riskBands.map((value) => ({ value, label: riskBandLabel(value) }));
const experienceOptions = investmentExperiences.map((value) => ({ value, label: experienceLabel(value) }));

/** One form for /clients/new and /clients/{id}/edit: the server's own rules, messages under fields. */
export function ClientForm({ mode, defaultValues, chooseAdvisor, advisorName, onSave, failureText, cancelTo }: Props) {
  const navigate = useNavigate();
  const [conflict, setConflict] = useState<Client | null>(null);
  const originalBand = (defaultValues.risk_band || null) as RiskBand | null;
  const schema = useMemo((): z.ZodType<Body> => clientFormSchema(mode, chooseAdvisor, originalBand), [mode, chooseAdvisor, originalBand]);
  const { register, control, handleSubmit, reset, formState, banner, applyServerError } = useZodForm<ClientFormValues, Body>(
    schema,
    defaultValues,
  );
  const advisors = useAdvisorsQuery(undefined, { skip: !chooseAdvisor });
  const current = defaultValues.advisor_id ? { id: defaultValues.advisor_id, name: advisorName } : null;
  const advisorOptions = advisorChoices(advisors.data?.advisors, current);
  const guard = useUnsavedChangesGuard(formState.isDirty && !formState.isSubmitSuccessful);
  const form = { register, control };

  const submit = handleSubmit(async (body) => {
    try {
      const saved = await onSave(body);
      guard.allow();
      void navigate(`/clients/${encodeURIComponent(saved.id)}/profile`);
    } catch (caught) {
      if (isConflict(caught)) setConflict(caught.data.current);
      else applyServerError(caught, failureText);
      throw caught; // keeps the form dirty (not "submitted successfully")
    }
  });

  const select = (
    name: 'risk_band' | 'investment_experience',
    label: string,
    options: { value: string; label: string }[],
    empty: { value: string; label: string } = notSpecified,
  ) => (
    <FormSelectField
      control={control}
      name={name}
      id={`client-${name}`}
      label={label}
      options={[empty, ...options]}
      fullWidth
      margin="dense"
    />
  );

  const twoColumns = { display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 860 }}>
      <Box component="form" noValidate onSubmit={(event) => void submit(event).catch(() => undefined)}>
        {conflict && (
          <ClientConflictAlert
            current={conflict}
            onReload={() => {
              reset(clientToForm(conflict));
              setConflict(null);
            }}
          />
        )}
        <FormError message={banner} />
        <Typography variant="subtitle2" color="text.secondary" sx={{ mt: 1 }}>
          Contact
        </Typography>
        <Box sx={twoColumns}>
          <FormTextField {...form} name="first_name" id="client-first-name" label="First Name" required autoComplete="off" />
          <FormTextField {...form} name="last_name" id="client-last-name" label="Last Name" required autoComplete="off" />
          <FormTextField {...form} name="email" id="client-email" label="Email" type="email" required autoComplete="off" />
          <FormTextField {...form} name="phone" id="client-phone" label="Phone" type="tel" autoComplete="off" />
          <FormTextField
            {...form}
            name="birth_date"
            id="client-birth-date"
            label="Birth Date"
            type="date"
            slotProps={{ inputLabel: { shrink: true } }}
          />
          {chooseAdvisor ? (
            <Controller
              name="advisor_id"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  select
                  required
                  fullWidth
                  margin="dense"
                  id="client-advisor"
                  label="Advisor"
                  error={Boolean(fieldState.error) || advisors.isError}
                  helperText={fieldState.error?.message ?? (advisors.isError ? errorText(advisors.error, advisorMessages.loadFailed) : ' ')}
                >
                  {advisorOptions.map((option) => (
                    <MenuItem key={option.value} value={option.value}>
                      {option.label}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          ) : (
            <TextField
              id="client-advisor"
              label="Advisor"
              value={advisorName}
              fullWidth
              margin="dense"
              error={Boolean(formState.errors.advisor_id)}
              helperText={formState.errors.advisor_id?.message ?? ' '}
              slotProps={{ input: { readOnly: true } }}
            />
          )}
        </Box>
        <FormTextField {...form} name="address" id="client-address" label="Address" multiline minRows={2} />
        <Typography variant="subtitle2" color="text.secondary" sx={{ mt: 1 }}>
          Financial profile
        </Typography>
        <Box sx={twoColumns}>
          <FormTextField
            {...form}
            name="net_worth"
            id="client-net-worth"
            label="Net Worth (USD)"
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <FormTextField
            {...form}
            name="annual_income"
            id="client-annual-income"
            label="Annual Income (USD)"
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          {select('investment_experience', 'Investment Experience', experienceOptions)}
        </Box>
        <Typography variant="subtitle2" color="text.secondary" sx={{ mt: 2 }}>
          Risk band
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {text.riskBandHint}
        </Typography>
        <Box sx={twoColumns}>
          {select('risk_band', 'Risk Band', bandOptions, notAssessedOption)}
          <FormTextField
            {...form}
            name="risk_band_reason"
            id="client-risk-band-reason"
            label="Reason for the band"
            helperText={text.riskBandReasonHint}
            multiline
          />
        </Box>
        <FormTextField {...form} name="financial_goals" id="client-goals" label="Financial Goals" multiline minRows={2} />
        <FormTextField {...form} name="notes" id="client-notes" label="Notes" multiline minRows={3} />
        <Box sx={{ display: 'flex', gap: 2, mt: 2, justifyContent: 'flex-end' }}>
          <Button onClick={() => void navigate(cancelTo)} size="large">
            {text.cancel}
          </Button>
          <Box sx={{ minWidth: 180 }}>
            <SubmitButton submitting={formState.isSubmitting}>{mode === 'create' ? text.saveNew : text.saveEdit}</SubmitButton>
          </Box>
        </Box>
      </Box>
      <UnsavedChangesDialog open={guard.blocked} onStay={guard.stay} onDiscard={guard.proceed} />
    </Paper>
  );
}
