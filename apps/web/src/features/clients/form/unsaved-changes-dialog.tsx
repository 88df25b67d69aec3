import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { clientScreenMessages as text } from '@meridian/domain/clients/screen-messages';

/** Asks before a navigation drops the form's unsaved changes. */
export function UnsavedChangesDialog({ open, onStay, onDiscard }: { open: boolean; onStay: () => void; onDiscard: () => void }) {
  return (
    <Dialog open={open} onClose={onStay} aria-labelledby="unsaved-title">
      <DialogTitle id="unsaved-title">{text.unsavedTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text.unsavedText}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onStay} autoFocus>
          {text.stay}
        </Button>
        <Button onClick={onDiscard} color="error">
          {text.discard}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
