import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type Props = {
  /** What the list holds, plural: "households" gives "Loading households…". */
  noun: string;
  fetching: boolean;
  loading: boolean;
  /** Why the list could not be fetched; null when it was. */
  error: string | null;
  /** What to say when there is nothing to show; null while there is (or may be) something. */
  empty: ReactNode;
  emptyTestId: string;
};

/** What a paged list shows above its rows: a bar while fetching, the error, the first load, or that it is empty. */
export function ListStatus({ noun, fetching, loading, error, empty, emptyTestId }: Props) {
  return (
    <>
      <LinearProgress aria-label={`Loading ${noun}`} sx={{ visibility: fetching ? 'visible' : 'hidden' }} />
      {error !== null && (
        <Alert severity="error" sx={{ m: 2 }}>
          {error}
        </Alert>
      )}
      {loading && (
        <Typography color="text.secondary" sx={{ p: 3 }}>
          {`Loading ${noun}…`}
        </Typography>
      )}
      {empty !== null && (
        <Typography color="text.secondary" sx={{ p: 3 }} data-testid={emptyTestId}>
          {empty}
        </Typography>
      )}
    </>
  );
}
