import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { FormEvent, ReactNode } from 'react';
import { ButtonSpinner } from './button-spinner.tsx';

type Props = {
  /** Id of the title, which names the dialog. */
  titleId: string;
  title: ReactNode;
  submitLabel: string;
  /** The form is being sent: the dialog cannot be dismissed and the submit button shows a spinner. */
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  open?: boolean;
  submitDisabled?: boolean;
  maxWidth?: DialogProps['maxWidth'];
  children: ReactNode;
};

/** A dialog holding one form: title, fields, and Cancel beside the submit button (disabled, with a spinner, while sending). */
export function FormDialog({
  titleId,
  title,
  submitLabel,
  busy,
  onSubmit,
  onClose,
  open = true,
  submitDisabled = false,
  maxWidth = 'sm',
  children,
}: Props) {
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth={maxWidth} aria-labelledby={titleId}>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy || submitDisabled} startIcon={busy ? <ButtonSpinner /> : undefined}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
