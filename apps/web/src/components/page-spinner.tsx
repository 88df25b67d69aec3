import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Centred spinner for lazy screens and the first auth check. */
export function PageSpinner({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Box
      role="progressbar"
      aria-label="Loading"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: fullScreen ? '100vh' : 240,
      }}
    >
      {/* The box is the named progress bar; the spinner inside would be a second one without a name. */}
      <CircularProgress aria-hidden />
    </Box>
  );
}
