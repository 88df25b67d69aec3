import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Client } from '@meridian/domain/clients/contracts';
import { clientScreenMessages as text } from '@meridian/domain/clients/screen-messages';
import { errorText } from '../../../lib/error-text.ts';
import { useDeleteClientMutation } from '../clients-api.ts';

/** Soft delete with the version last read; back to /clients afterwards. */
export function ClientDeleteDialog({ client, open, onClose }: { client: Client; open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const [deleteClient, { isLoading }] = useDeleteClientMutation();
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setError(null);
    try {
      await deleteClient({ id: client.id, syncVersion: client.sync_version }).unwrap();
      void navigate('/clients', { replace: true });
    } catch (caught) {
      setError(errorText(caught, text.deleteClientFailed));
    }
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="delete-client-title">
      <DialogTitle id="delete-client-title">{text.deleteTitle}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <DialogContentText>{text.deleteText(`${client.first_name} ${client.last_name}`)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{text.cancel}</Button>
        <Button color="error" variant="contained" disabled={isLoading} onClick={() => void confirm()}>
          {text.delete}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
