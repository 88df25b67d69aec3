import Alert from '@mui/material/Alert';
import { errorText } from '../lib/error-text.ts';

/** A page still showing its record after a refetch failed: why, above the (older) figures. */
export function RefreshErrorAlert({ error, fallback }: { error: unknown; fallback: string }) {
  if (!error) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {errorText(error, fallback)}
    </Alert>
  );
}
