import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ipqTexts as text } from '../ipq-texts.ts';

/** No questionnaire of the client is complete: the way to start one, or to finish the open one. */
export function NoResults({ clientId, open }: { clientId: string; open: boolean }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }} data-testid="ipq-no-results">
      <Typography variant="h4" component="h1" sx={{ fontWeight: 500, mb: 1, fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
        {text.resultsTitle}
      </Typography>
      <Typography>{text.noResults}</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {text.noResultsHint}
      </Typography>
      <Button component={RouterLink} to={`/ipq-assessment/${encodeURIComponent(clientId)}`} variant="contained">
        {open ? text.resumeQuestionnaire : text.startQuestionnaire}
      </Button>
    </Paper>
  );
}
