import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { changePasswordRequestSchema, type User } from '@meridian/domain/auth/contracts';
import { messages } from '@meridian/domain/shared/messages';
import { changePasswordProblems, type ChangePasswordValues } from '@meridian/domain/auth/password-rules';
import { useAppDispatch } from '../../../app/hooks.ts';
import { errorList, errorText } from '../../../lib/error-text.ts';
import { fieldMessages, useZodForm } from '../../../lib/use-zod-form.ts';
import { useChangePasswordMutation } from '../auth-api.ts';
import { storeUser } from '../complete-sign-in.ts';

type Props = {
  open: boolean;
  /** First-login mode: no cancel; Escape and the backdrop do nothing. */
  required?: boolean;
  onClose?: () => void;
  onSuccess: (user: User) => void;
};

const emptyForm: ChangePasswordValues = { current_password: '', new_password: '', confirm_password: '' };

/** Change-password dialog; every problem is shown as a list (spec §5). */
export function ChangePasswordDialog({ open, required = false, onClose, onSuccess }: Props) {
  const dispatch = useAppDispatch();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const [problems, setProblems] = useState<string[]>([]);
  const { register, handleSubmit, reset, getValues } = useZodForm<ChangePasswordValues, ChangePasswordValues>(
    changePasswordRequestSchema,
    emptyForm,
  );

  const close = () => {
    if (required) return;
    reset(emptyForm);
    setProblems([]);
    onClose?.();
  };

  // The schema refuses the form; the list names every problem it has, in the spec's order (a value
  // over the schema's bounds, refused before those rules, is named by the schema's message).
  const refused = (errors: FieldErrors<ChangePasswordValues>) => {
    const listed = changePasswordProblems(getValues());
    setProblems(listed.length > 0 ? listed : Object.values(fieldMessages(errors)));
  };

  const submit = handleSubmit(async (values) => {
    setProblems([]);
    try {
      const user = await changePassword(values).unwrap();
      const updated = { ...user, password_must_change: false };
      storeUser(dispatch, updated);
      reset(emptyForm);
      onSuccess(updated);
    } catch (error) {
      setProblems(errorList(error) ?? [errorText(error, messages.changePasswordFailed)]);
    }
  }, refused);

  const field = (name: keyof ChangePasswordValues, label: string, autoComplete: string) => {
    const { ref, ...rest } = register(name);
    return (
      <TextField
        {...rest}
        inputRef={ref}
        id={`change-${name}`}
        label={label}
        type="password"
        autoComplete={autoComplete}
        autoFocus={name === 'current_password'}
        fullWidth
        margin="dense"
      />
    );
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="change-password-title">
      <Box component="form" method="post" noValidate onSubmit={submit}>
        <DialogTitle id="change-password-title">Change Password</DialogTitle>
        <DialogContent>
          {required && <DialogContentText sx={{ mb: 1 }}>You must change your password before continuing.</DialogContentText>}
          {problems.length > 0 && (
            <Alert severity="error" sx={{ mb: 1 }}>
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </Box>
            </Alert>
          )}
          {field('current_password', 'Current Password', 'current-password')}
          {field('new_password', 'New Password', 'new-password')}
          {field('confirm_password', 'Confirm New Password', 'new-password')}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {!required && (
            <Button onClick={close} color="inherit">
              Cancel
            </Button>
          )}
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? 'Changing...' : 'Change Password'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
