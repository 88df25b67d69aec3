import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

type Props<T extends FieldValues, Output> = Omit<TextFieldProps, 'name' | 'error' | 'helperText' | 'select' | 'value' | 'onChange'> & {
  name: Path<T>;
  control: Control<T, unknown, Output>;
  options: readonly { value: string; label: string }[];
  /** Shown under the field while it has no message. */
  helperText?: string;
};

/** An MUI select bound to one react-hook-form field (a controlled field), with its message under it. */
export function FormSelectField<T extends FieldValues, Output = T>({
  name,
  control,
  options,
  helperText = ' ',
  ...props
}: Props<T, Output>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, ...field }, fieldState }) => (
        <TextField
          {...field}
          inputRef={ref}
          select
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
          {...props}
        >
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
