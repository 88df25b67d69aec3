import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { formatWholeDollars } from '@meridian/domain/shared/format';
import { clientTaxSettingsUpdateSchema, type ClientTaxSettings } from '@meridian/domain/recommendations/tax-settings';
import { FormDialog } from '../../components/form-dialog.tsx';
import { errorText } from '../../lib/error-text.ts';
import { SecurityPicker, type SecurityOption } from '../market-data/index.ts';
import { recommendationTexts as text } from './recommendation-texts.ts';
import { useClientTaxSettingsQuery, useUpdateClientTaxSettingsMutation } from './recommendations-api.ts';

type Listed = ClientTaxSettings['hold_list'][number];

const symbols = (list: readonly Listed[]) => (list.length > 0 ? list.map((row) => row.symbol).join(', ') : 'none');

/** A list of securities as chips, one removable each, and a picker that adds one. */
function SecurityList({ id, label, value, onChange }: { id: string; label: string; value: Listed[]; onChange: (next: Listed[]) => void }) {
  const [picked, setPicked] = useState<SecurityOption | null>(null);
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="subtitle2" component="h3">
        {label}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid={`${id}-chips`}>
        {value.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            None.
          </Typography>
        )}
        {value.map((row) => (
          <Chip
            key={row.security_id}
            label={row.symbol}
            title={row.name}
            onDelete={() => onChange(value.filter((other) => other.security_id !== row.security_id))}
          />
        ))}
      </Box>
      {/* A new picker after each addition: its text clears, ready for the next security. */}
      <SecurityPicker
        key={value.length}
        id={id}
        label={`Add to ${label.toLowerCase()}`}
        value={picked}
        onChange={(option) => {
          setPicked(null);
          if (option && !value.some((row) => row.security_id === option.id))
            onChange([...value, { security_id: option.id, symbol: option.symbol, name: option.name }]);
        }}
      />
    </Box>
  );
}

function EditTaxSettingsDialog({ settings, onClose }: { settings: ClientTaxSettings; onClose: () => void }) {
  const titleId = useId();
  const [budget, setBudget] = useState(settings.annual_gain_budget === null ? '' : String(settings.annual_gain_budget));
  const [hold, setHold] = useState<Listed[]>(settings.hold_list);
  const [restricted, setRestricted] = useState<Listed[]>(settings.restricted);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [save, saving] = useUpdateClientTaxSettingsMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      annual_gain_budget: budget.trim() === '' ? null : Number(budget.replace(/[$,\s]/g, '')),
      hold_security_ids: hold.map((row) => row.security_id),
      restricted_security_ids: restricted.map((row) => row.security_id),
      sync_version: settings.sync_version,
    };
    // The route's own schema, so the dialog and the server say the same thing.
    const checked = clientTaxSettingsUpdateSchema.safeParse(body);
    if (!checked.success) {
      setFieldError(checked.error.issues[0]?.message ?? null);
      return;
    }
    setFieldError(null);
    const result = await save({ clientId: settings.client_id, body: checked.data });
    if (!('error' in result)) onClose();
  };

  return (
    <FormDialog
      titleId={titleId}
      title={text.taxSettingsEdit}
      submitLabel="Save"
      busy={saving.isLoading}
      onSubmit={submit}
      onClose={onClose}
    >
      <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
        <TextField
          id={`${titleId}-budget`}
          label="Realised-gain budget per tax year ($)"
          value={budget}
          onChange={(event) => setBudget(event.target.value)}
          inputMode="decimal"
          error={fieldError !== null}
          helperText={fieldError ?? text.taxSettingsBudgetHelp}
        />
        <SecurityList id={`${titleId}-hold`} label="Hold list (never sold)" value={hold} onChange={setHold} />
        <SecurityList id={`${titleId}-restricted`} label="Restricted (never bought)" value={restricted} onChange={setRestricted} />
        {saving.isError && <Alert severity="error">{errorText(saving.error, text.taxSettingsSaveFailed)}</Alert>}
      </Box>
    </FormDialog>
  );
}

/** What a tax-aware rebalance may do for this client: their gain budget (and what this year used of it), hold list and restrictions. */
export function TaxSettingsSection({ clientId, readOnly }: { clientId: string; readOnly: boolean }) {
  const settings = useClientTaxSettingsQuery(clientId);
  const [editing, setEditing] = useState(false);
  if (!settings.data) return null;
  const data = settings.data;
  const budget =
    data.annual_gain_budget === null
      ? 'no gain budget'
      : `gain budget ${formatWholeDollars(data.annual_gain_budget)} a year (${formatWholeDollars(data.gains_year_to_date)} realised in ${data.tax_year})`;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', px: 2, pb: 1 }} data-testid="tax-settings">
      <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
        {`Tax settings: ${budget} · hold: ${symbols(data.hold_list)} · restricted: ${symbols(data.restricted)}`}
      </Typography>
      {!readOnly && (
        <Button size="small" startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)}>
          {text.taxSettingsEdit}
        </Button>
      )}
      {editing && <EditTaxSettingsDialog settings={data} onClose={() => setEditing(false)} />}
    </Box>
  );
}
