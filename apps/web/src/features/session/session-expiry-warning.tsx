import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Snackbar from '@mui/material/Snackbar';
import { webMessages } from '@meridian/domain/shared/web-messages';
import { useSessionExpiry } from './use-session-expiry.ts';

/** Banner at ≤5 minutes, a modal that only its buttons close at ≤1 minute (spec §4). */
export function SessionExpiryWarning() {
  const { phase, countdown, extending, extend, logoutNow } = useSessionExpiry();
  const message = webMessages.sessionWillExpireIn(countdown);

  return (
    <>
      <Snackbar
        open={phase === 'warning'}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        // Below the top bar (56 px on phones, 64 px from 600 px up).
        sx={{ top: { xs: 64, sm: 80 } }}
      >
        <Alert
          severity="warning"
          variant="filled"
          action={
            <Button color="inherit" size="small" onClick={extend} disabled={extending}>
              Extend Session
            </Button>
          }
        >
          {message}
        </Alert>
      </Snackbar>
      <Dialog open={phase === 'critical'} onClose={() => undefined} aria-labelledby="session-expiring-title">
        <DialogTitle id="session-expiring-title">{webMessages.sessionExpiringSoon}</DialogTitle>
        <DialogContent>
          <DialogContentText>{message}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={logoutNow} color="inherit">
            Logout Now
          </Button>
          <Button onClick={extend} variant="contained" disabled={extending}>
            Extend Session
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
