import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { ButtonSpinner } from './button-spinner.tsx';
import {
  Controller,
  get,
  useFormState,
  type Control,
  type FieldError,
  type FieldValues,
  type Path,
  type UseFormRegister,
} from 'react-hook-form';

/** The error banner above a form; nothing when there is no error. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }}>
      {message}
    </Alert>
  );
}

/** The form's full-width primary button; disabled, with a spinner, while the form submits. */
export function SubmitButton({ submitting, children }: { submitting: boolean; children: ReactNode }) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={submitting}
      startIcon={submitting ? <ButtonSpinner size={18} /> : undefined}
    >
      {children}
    </Button>
  );
}

type FormTextFieldProps<T extends FieldValues, Output> = Omit<TextFieldProps, 'name' | 'error' | 'helperText'> & {
  name: Path<T>;
  register: UseFormRegister<T>;
  control: Control<T, unknown, Output>;
  /** Shown under the field while it has no message. */
  helperText?: string;
};

/** An MUI text field bound to one react-hook-form field, with its message under it. */
export function FormTextField<T extends FieldValues, Output = T>({
  name,
  register,
  control,
  helperText = ' ', // keeps the layout still when a message appears
  ...props
}: FormTextFieldProps<T, Output>) {
  const { errors } = useFormState({ control, name });
  // By path, so a field of a list or group ('sections.0.title') finds its message too.
  const error = get(errors, name) as FieldError | undefined;
  const { ref, ...registration } = register(name);
  return (
    <TextField
      {...registration}
      inputRef={ref}
      error={Boolean(error)}
      helperText={error?.message ?? helperText}
      fullWidth
      margin="dense"
      {...props}
    />
  );
}

type FormCheckboxProps<T extends FieldValues, Output> = { name: Path<T>; control: Control<T, unknown, Output>; label: ReactNode };

/** An MUI checkbox bound to one react-hook-form field of true or false (a controlled field), with its label. */
export function FormCheckbox<T extends FieldValues, Output = T>({ name, control, label }: FormCheckboxProps<T, Output>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field: { value, onChange, ref, ...field } }) => (
        <FormControlLabel
          control={
            <Checkbox
              {...field}
              checked={Boolean(value)}
              onChange={(event) => onChange(event.target.checked)}
              slotProps={{ input: { ref } }}
            />
          }
          label={label}
        />
      )}
    />
  );
}
