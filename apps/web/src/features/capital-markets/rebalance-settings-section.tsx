import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  firmRebalanceSettingsUpdateSchema,
  rebalanceTargetLabels,
  rebalanceTargets,
  taxSettingsMessages,
  type FirmRebalanceSettingsRecord,
} from '@meridian/domain/recommendations/tax-settings';
import { DraftConflictAlert } from '../../components/draft-conflict-alert.tsx';
import { FormError, FormTextField } from '../../components/form.tsx';
import { FormSelectField } from '../../components/form-select-field.tsx';
import { errorText } from '../../lib/error-text.ts';
import { useRebasedEditForm } from '../../lib/use-rebased-edit-form.ts';
import { useFirmRebalanceSettingsQuery, useUpdateFirmRebalanceSettingsMutation } from './capital-markets-api.ts';
import { percentText, rebalanceSettingsBody, rebalanceSettingsDraft } from './rebalance-settings-draft.ts';

const labels = {
  rebalance_to: 'Trade an asset class outside its band',
  min_benefit_ratio: 'Least drift cured per dollar of tax',
  short_term_rate: 'Tax rate on short-term gains',
  long_term_rate: 'Tax rate on long-term gains',
} as const;

const ratioHelp = 'Dollars of drift a taxable sale must cure for each dollar of its estimated tax; 0: any sale is worth it.';
const saveFailed = 'The rebalancing settings could not be saved.';

/** What each setting holds, as the read-only view and the conflict banner show it. */
const shown = (settings: FirmRebalanceSettingsRecord) => ({
  rebalance_to: rebalanceTargetLabels[settings.rebalance_to],
  min_benefit_ratio: settings.min_benefit_ratio === 0 ? 'No minimum' : `$${settings.min_benefit_ratio} per $1 of tax`,
  short_term_rate: `${percentText(settings.short_term_rate)} %`,
  long_term_rate: `${percentText(settings.long_term_rate)} %`,
});

const rows = (settings: FirmRebalanceSettingsRecord): [string, string][] =>
  Object.entries(shown(settings)).map(([field, value]) => [labels[field as keyof typeof labels], value]);

const rateFields = ['short_term_rate', 'long_term_rate'] as const;
const targetOptions = rebalanceTargets.map((value) => ({ value, label: rebalanceTargetLabels[value] }));
const percentAdornment = {
  input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
  htmlInput: { inputMode: 'decimal' },
};

/**
 * The firm's rebalancing settings (GET/PUT /recommendations/settings): where an out-of-band class is
 * traded to, how much drift a sale must cure for its tax, and the rates tax is estimated at. Admins
 * edit them; advisors read them.
 */
export function RebalanceSettingsSection({ readOnly }: { readOnly: boolean }) {
  const { data: settings, error, isLoading } = useFirmRebalanceSettingsQuery();
  const [saved, setSaved] = useState(false);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="rebalancing-heading" sx={{ p: 2, mt: 3 }} data-testid="rebalancing">
      <Typography variant="h6" component="h2" id="rebalancing-heading">
        Rebalancing
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        How recommendations trade a portfolio that drifted past its model’s band, and what tax a sale in a taxable account may cost. Changes
        apply to the recommendations made from then on.
      </Typography>
      {isLoading && <Skeleton variant="rounded" height={160} />}
      {error && <Alert severity="error">{errorText(error, 'The rebalancing settings could not be loaded.')}</Alert>}
      {saved && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setSaved(false)}>
          The rebalancing settings are saved.
        </Alert>
      )}
      {settings &&
        (readOnly ? (
          <ReadOnlySettings settings={settings} />
        ) : (
          // A save brings a new version, which starts the form afresh from it.
          <RebalanceSettingsForm
            key={settings.sync_version}
            settings={settings}
            onSaving={() => setSaved(false)}
            onSaved={() => setSaved(true)}
          />
        ))}
    </Paper>
  );
}

function ReadOnlySettings({ settings }: { settings: FirmRebalanceSettingsRecord }) {
  return (
    <>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 0.5, m: 0 }}
      >
        {rows(settings).map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ fontWeight: 500 }}>
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 1, sm: 0 } }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        Only an administrator can change them.
      </Typography>
    </>
  );
}

function RebalanceSettingsForm({
  settings,
  onSaving,
  onSaved,
}: {
  settings: FirmRebalanceSettingsRecord;
  onSaving: () => void;
  onSaved: () => void;
}) {
  const [update, { isLoading }] = useUpdateFirmRebalanceSettingsMutation();
  const { register, control, banner, conflict, note, submit, reload } = useRebasedEditForm({
    record: settings,
    model: rebalanceSettingsDraft,
    schema: firmRebalanceSettingsUpdateSchema,
    formOptions: { toBody: rebalanceSettingsBody },
    save: (body) => {
      onSaving();
      return update(body).unwrap();
    },
    onSaved,
    messages: { changed: taxSettingsMessages.firmChanged, failed: saveFailed },
    currentText: (current, field) => shown(current)[field],
  });
  const help = (field: 'min_benefit_ratio' | 'short_term_rate' | 'long_term_rate', text = ' ') => note(field).trim() || text;
  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label="Rebalancing settings">
      <DraftConflictAlert conflict={conflict} rows={rows} onReload={reload} data-testid="rebalancing-conflict" />
      <FormError message={banner} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
        <FormSelectField
          control={control}
          name="rebalance_to"
          id="rebalancing-to"
          label={labels.rebalance_to}
          options={targetOptions}
          helperText={note('rebalance_to')}
          margin="dense"
        />
        <FormTextField
          register={register}
          control={control}
          name="min_benefit_ratio"
          id="rebalancing-min-benefit"
          label={labels.min_benefit_ratio}
          helperText={help('min_benefit_ratio', ratioHelp)}
          slotProps={{
            input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            htmlInput: { inputMode: 'decimal' },
          }}
        />
        {rateFields.map((name) => (
          <FormTextField
            key={name}
            register={register}
            control={control}
            name={name}
            id={`rebalancing-${name}`}
            label={labels[name]}
            helperText={help(name)}
            slotProps={percentAdornment}
          />
        ))}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <Button type="submit" variant="contained" disabled={isLoading}>
          {isLoading ? 'Saving…' : 'Save rebalancing settings'}
        </Button>
      </Box>
    </Box>
  );
}
