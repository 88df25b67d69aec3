import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { editorTexts as text } from './editor-texts.ts';
import type { ErrorScope } from './error-scope.ts';
import type { NumberDraft, ScaleDraft } from './template-draft.ts';

type FieldProps = {
  label: string;
  owner: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  flex: string;
  numeric?: boolean;
};

function SettingField({ label, owner, value, onChange, error, flex, numeric = false }: FieldProps) {
  return (
    <TextField
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error}
      sx={{ flex }}
      slotProps={{ htmlInput: { 'aria-label': `${owner} ${label.toLowerCase()}`, ...(numeric ? { inputMode: 'decimal' } : {}) } }}
    />
  );
}

const row = { display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', mt: 1 } as const;

/** A scale question's range, the words at either end, and whether it is reverse-keyed. */
export function ScaleSettingsEditor({
  owner,
  scale,
  onChange,
  errors,
}: {
  owner: string;
  scale: ScaleDraft;
  onChange: (next: ScaleDraft) => void;
  errors: ErrorScope;
}) {
  const set = (patch: Partial<ScaleDraft>) => onChange({ ...scale, ...patch });
  return (
    <Box sx={row}>
      <SettingField
        label={text.scaleMin}
        owner={owner}
        value={scale.min}
        onChange={(min) => set({ min })}
        error={errors.at('min') ?? errors.at()}
        flex="0 1 110px"
        numeric
      />
      <SettingField
        label={text.scaleMax}
        owner={owner}
        value={scale.max}
        onChange={(max) => set({ max })}
        error={errors.at('max')}
        flex="0 1 110px"
        numeric
      />
      <SettingField
        label={text.scaleMinLabel}
        owner={owner}
        value={scale.min_label}
        onChange={(min_label) => set({ min_label })}
        error={errors.at('min_label')}
        flex="1 1 160px"
      />
      <SettingField
        label={text.scaleMaxLabel}
        owner={owner}
        value={scale.max_label}
        onChange={(max_label) => set({ max_label })}
        error={errors.at('max_label')}
        flex="1 1 160px"
      />
      <FormControlLabel
        control={<Checkbox checked={scale.reverse} onChange={(event) => set({ reverse: event.target.checked })} />}
        label={text.reverse}
      />
    </Box>
  );
}

/** A number question's optional bounds and unit. */
export function NumberSettingsEditor({
  owner,
  settings,
  onChange,
  errors,
}: {
  owner: string;
  settings: NumberDraft;
  onChange: (next: NumberDraft) => void;
  errors: ErrorScope;
}) {
  const set = (patch: Partial<NumberDraft>) => onChange({ ...settings, ...patch });
  return (
    <Box sx={row}>
      <SettingField
        label={text.numberMin}
        owner={owner}
        value={settings.min}
        onChange={(min) => set({ min })}
        error={errors.at('min') ?? errors.at()}
        flex="1 1 120px"
        numeric
      />
      <SettingField
        label={text.numberMax}
        owner={owner}
        value={settings.max}
        onChange={(max) => set({ max })}
        error={errors.at('max')}
        flex="1 1 120px"
        numeric
      />
      <SettingField
        label={text.unit}
        owner={owner}
        value={settings.unit}
        onChange={(unit) => set({ unit })}
        error={errors.at('unit')}
        flex="1 1 120px"
      />
    </Box>
  );
}
