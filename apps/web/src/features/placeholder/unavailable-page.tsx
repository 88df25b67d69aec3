import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { webMessages } from '@meridian/domain/shared/web-messages';

/** A protected area whose screen is not built yet: its title and a plain notice, no fake content. */
export function UnavailablePage({ title, message = webMessages.notAvailableYet }: { title: string; message?: string }) {
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 500, mb: 3 }}>
        {title}
      </Typography>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography color="text.secondary">{message}</Typography>
      </Paper>
    </>
  );
}
