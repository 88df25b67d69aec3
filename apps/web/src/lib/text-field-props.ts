import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

/** Adapts react-hook-form's register() to an MUI TextField, with the message under the field. */
export function textFieldProps(registration: UseFormRegisterReturn, error?: FieldError) {
  const { ref, ...rest } = registration;
  return { ...rest, inputRef: ref, error: Boolean(error), helperText: error?.message ?? ' ' };
}
