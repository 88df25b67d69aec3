import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';
import { accountTypeLabels, accountTypes, isUuid, portfolioStatuses } from '@meridian/domain/portfolios/contracts';
import { ButtonSpinner } from '../../../components/button-spinner.tsx';
import { FormSelectField } from '../../../components/form-select-field.tsx';
import { FormError, FormTextField } from '../../../components/form.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { ClientPicker } from '../../clients/index.ts';
import {
  createBody,
  defaultBenchmark,
  newPortfolioFormSchema,
  serverFieldToFormField,
  type NewPortfolioFormInput,
  type NewPortfolioFormOutput,
} from '../portfolio-form-schema.ts';
import { statusLabels } from '../portfolio-labels.ts';
import { useCreatePortfolioMutation, usePortfolioClientQuery } from '../portfolios-api.ts';
import { SecurityPicker } from '../../market-data/index.ts';

const emptyForm: NewPortfolioFormInput = {
  client: null,
  name: '',
  account_type: '',
  status: 'active',
  benchmark: defaultBenchmark,
  initial_deposit: '',
};
const form = { fieldOf: serverFieldToFormField };
const accountTypeOptions = accountTypes.map((value) => ({ value, label: accountTypeLabels[value] }));
const statusOptions = portfolioStatuses.map((value) => ({ value, label: statusLabels[value] }));

/** /portfolios/new (optionally ?client_id=…): opens an account for a client, with an optional first deposit. */
export function NewPortfolioPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const presetClientId = params.get('client_id');
  const { data: presetClient } = usePortfolioClientQuery(presetClientId && isUuid(presetClientId) ? presetClientId : skipToken);
  const [createPortfolio, { isLoading }] = useCreatePortfolioMutation();
  const { control, register, handleSubmit, setValue, getValues, banner, applyServerError } = useZodForm<
    NewPortfolioFormInput,
    NewPortfolioFormOutput
  >(newPortfolioFormSchema, emptyForm, form);

  useEffect(() => {
    if (presetClient && !getValues('client')) {
      setValue('client', { id: presetClient.id, name: `${presetClient.first_name} ${presetClient.last_name}` });
    }
  }, [presetClient, getValues, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const created = await createPortfolio(createBody(values)).unwrap();
      void navigate(`/portfolios/${created.id}`);
    } catch (error) {
      applyServerError(error, portfolioMessages.createPortfolioFailed);
    }
  });

  return (
    <>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 500 }}>
        New Portfolio
      </Typography>
      <Typography variant="subtitle1" color="text.secondary" sx={{ mb: 3 }}>
        Open an account for a client; an initial deposit is recorded in its ledger today
      </Typography>
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 720 }} component="form" noValidate onSubmit={onSubmit} aria-label="New portfolio">
        <FormError message={banner} />
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <Box sx={{ gridColumn: '1 / -1' }}>
            <Controller
              control={control}
              name="client"
              render={({ field, fieldState }) => (
                <ClientPicker
                  id="portfolio-client"
                  label="Client"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
          </Box>
          <Box sx={{ gridColumn: '1 / -1' }}>
            <FormTextField control={control} register={register} name="name" label="Portfolio name" id="portfolio-name" margin="none" />
          </Box>
          <FormSelectField
            control={control}
            name="account_type"
            id="portfolio-account-type"
            label="Account type"
            options={accountTypeOptions}
          />
          <FormSelectField control={control} name="status" id="portfolio-status" label="Status" options={statusOptions} />
          <Controller
            control={control}
            name="benchmark"
            render={({ field, fieldState }) => (
              <SecurityPicker
                id="portfolio-benchmark"
                label="Benchmark"
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
                helperText="Default SPY"
              />
            )}
          />
          <FormTextField
            control={control}
            register={register}
            name="initial_deposit"
            label="Initial deposit (optional)"
            id="portfolio-initial-deposit"
            margin="none"
            inputMode="decimal"
            slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
          />
        </Box>
        <Box sx={{ display: 'flex', gap: 2, justifyContent: 'flex-end', mt: 2 }}>
          <Button component={RouterLink} to="/portfolios">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading} startIcon={isLoading ? <ButtonSpinner size={18} /> : undefined}>
            Create Portfolio
          </Button>
        </Box>
      </Paper>
    </>
  );
}
