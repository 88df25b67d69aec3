import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { responseStatusLabels } from '@meridian/domain/assessments/template-definition';
import { formatShortDate } from '@meridian/domain/shared/format';
import type { IpqSessionList } from '@meridian/domain/ipq/contracts';
import { riskBandLabels } from '@meridian/domain/model-portfolios/contracts';
import { hiddenBelow } from '../../../components/hidden-below.ts';
import { TextLink } from '../../../components/text-link.tsx';
import { AssessmentStatusChip } from '../../clients/index.ts';
import { bandStatusLabels } from '../band-status-labels.ts';
import { ipqTexts as text } from '../ipq-texts.ts';

type Assessment = IpqSessionList['assessments'][number];

/** One questionnaire: when, how far, the band it proposed and what became of it; its results or the way back into it. */
export function AssessmentRow({ clientId, assessment }: { clientId: string; assessment: Assessment }) {
  const id = encodeURIComponent(clientId);
  const progress = Math.round(assessment.progress);
  const started = formatShortDate(assessment.started_at) || '—';
  return (
    <TableRow data-testid={`assessment-${assessment.session_id}`}>
      <TableCell>{started}</TableCell>
      <TableCell>
        <AssessmentStatusChip status={responseStatusLabels[assessment.status]} />
        <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.5 }}>
          {progress}%
        </Typography>
      </TableCell>
      <TableCell sx={hiddenBelow('sm')}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 120 }}>
          <LinearProgress
            variant="determinate"
            value={progress}
            aria-label={`Progress ${progress}%`}
            sx={{ flexGrow: 1, height: 6, borderRadius: 3 }}
          />
          <Typography variant="body2">{progress}%</Typography>
        </Box>
      </TableCell>
      <TableCell sx={hiddenBelow('md')}>{formatShortDate(assessment.completed_at) || '—'}</TableCell>
      <TableCell sx={hiddenBelow('sm')}>
        {assessment.proposed_band ? riskBandLabels[assessment.proposed_band] : '—'}
        {assessment.band_status && (
          <Typography variant="caption" color="text.secondary" component="div">
            {bandStatusLabels[assessment.band_status]}
          </Typography>
        )}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {assessment.status === 'complete' ? (
          <TextLink to={`/clients/${id}/ipq-results?session=${encodeURIComponent(assessment.session_id)}`}>{text.viewResults}</TextLink>
        ) : (
          <TextLink to={`/ipq-assessment/${id}`}>{text.resumeQuestionnaire}</TextLink>
        )}
      </TableCell>
    </TableRow>
  );
}
