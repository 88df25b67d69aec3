import PrintOutlined from '@mui/icons-material/PrintOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatShortDate } from '@meridian/domain/shared/format';
import type { IpqResults } from '@meridian/domain/ipq/contracts';
import { ipqTexts as text } from '../ipq-texts.ts';

/** Whose results and when; the way to every questionnaire, a retake, and print (none of them printed). */
export function ResultsHeader({ results }: { results: IpqResults }) {
  const clientId = encodeURIComponent(results.client_id);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, mb: 2 }}>
      <Box sx={{ flex: '1 1 280px', minWidth: 0 }}>
        <Typography variant="overline" color="text.secondary">
          {text.resultsTitle} · {text.completedOn(formatShortDate(results.completed_at))}
        </Typography>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 500, fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
          {results.client_name}
        </Typography>
      </Box>
      <Box className="no-print" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={`/clients/${clientId}/assessment`}>
          {text.allQuestionnaires}
        </Button>
        <Button component={RouterLink} to={`/ipq-assessment/${clientId}`} variant="outlined" startIcon={<ReplayOutlined />}>
          {text.retake}
        </Button>
        <Button variant="contained" startIcon={<PrintOutlined />} onClick={() => window.print()}>
          {text.print}
        </Button>
      </Box>
    </Box>
  );
}
