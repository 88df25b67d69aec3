import CircularProgress from '@mui/material/CircularProgress';

/**
 * The spinner a button shows while its action runs. It is decorative: the
 * button keeps its label and is disabled meanwhile, so assistive technology
 * hears the button, not an unnamed progress bar inside it.
 */
export function ButtonSpinner({ size = 16 }: { size?: number }) {
  return <CircularProgress size={size} color="inherit" aria-hidden />;
}
