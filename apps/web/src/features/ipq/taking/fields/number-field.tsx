import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useController } from 'react-hook-form';

type Props = {
  name: string;
  label: string;
  /** '$' before the figure, or a unit after it ('%', 'years'). */
  unit?: { before: string } | { after: string };
  helperText?: ReactNode;
  /** Whole numbers only (the phone shows digits without a decimal point). */
  whole?: boolean;
};

/**
 * A figure typed as text (so "1,000" and "$1,000" are fine and a phone shows a number pad), with
 * its unit beside it and the shared schema's message under it.
 */
export function NumberField({ name, label, unit, helperText, whole = false }: Props) {
  const { field, fieldState } = useController({ name });
  const adornment =
    unit &&
    ('before' in unit
      ? { startAdornment: <InputAdornment position="start">{unit.before}</InputAdornment> }
      : { endAdornment: <InputAdornment position="end">{unit.after}</InputAdornment> });
  return (
    <TextField
      name={field.name}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      id={`ipq-${name}`}
      label={label}
      fullWidth
      margin="dense"
      autoComplete="off"
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText ?? ' '}
      slotProps={{ htmlInput: { inputMode: whole ? 'numeric' : 'decimal' }, input: adornment }}
    />
  );
}
