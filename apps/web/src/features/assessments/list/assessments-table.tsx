import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { AssessmentSummary } from '@meridian/domain/assessments/contracts';
import { formatShortDate } from '@meridian/domain/shared/format';
import { CompactTable, type CompactColumn } from '../../../components/compact-table.tsx';
import { hiddenBelow } from '../../../components/hidden-below.ts';
import { TextLink } from '../../../components/text-link.tsx';
import { assessmentAction } from '../assessment-links.ts';
import { assessmentTexts as text } from '../assessment-texts.ts';
import { ResponseStatusChip } from '../response-status-chip.tsx';

type Props = {
  assessments: AssessmentSummary[];
  /** A client user's own: no client or advisor column. */
  own: boolean;
};

const staffColumns: CompactColumn[] = [
  { label: 'Client' },
  { label: 'Questionnaire', hideBelow: 'sm' },
  { label: 'Advisor', hideBelow: 'md' },
  { label: 'Status' },
  { label: 'Due', hideBelow: 'sm' },
  { label: 'Completed', hideBelow: 'sm' },
  { label: 'Score', align: 'right', hideBelow: 'sm' },
  { label: 'Actions', align: 'right' },
];

const ownColumns: CompactColumn[] = [{ label: 'Questionnaire' }, ...staffColumns.slice(3)];

/** Shown only on a phone, where the questionnaire and due date have no column of their own. */
const phoneOnly = { display: { xs: 'block', sm: 'none' } } as const;

/** On a phone: the questionnaire (unless it is the cell's own text) and the due date under the cell's name. */
function PhoneDetails({ assessment, questionnaire }: { assessment: AssessmentSummary; questionnaire: boolean }) {
  return (
    <Box sx={{ ...phoneOnly, mt: 0.5 }} data-testid="phone-details">
      {questionnaire && (
        <Typography variant="body2" component="span" sx={{ display: 'block' }}>
          {assessment.template_name}
        </Typography>
      )}
      {assessment.due_date && (
        <Typography
          variant="caption"
          color="text.secondary"
          component="span"
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}
        >
          {text.due(formatShortDate(assessment.due_date))}
          {assessment.overdue && <Chip label={text.overdue} color="error" size="small" />}
        </Typography>
      )}
    </Box>
  );
}

/** The same kind of score for every questionnaire, custom or the investor questionnaire: the percent of the most it could score. */
const scoreText = (assessment: AssessmentSummary) =>
  assessment.score_percent === null ? '—' : text.scorePercent(assessment.score_percent);

function DueCell({ assessment }: { assessment: AssessmentSummary }) {
  if (!assessment.due_date) return <TableCell sx={{ ...hiddenBelow('sm'), color: 'text.secondary' }}>—</TableCell>;
  return (
    <TableCell sx={{ ...hiddenBelow('sm'), whiteSpace: 'nowrap' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap' }}>
        {formatShortDate(assessment.due_date)}
        {assessment.overdue && <Chip label={text.overdue} color="error" size="small" data-testid="overdue-marker" />}
      </Box>
    </TableCell>
  );
}

/** The assessments as a table, one row each; a phone keeps the name, status and action in view. */
export function AssessmentsTable({ assessments, own }: Props) {
  return (
    // Narrower cell padding on a phone, so the name, status and action fit without scrolling.
    <Box sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}>
      <CompactTable label={own ? text.myTitle : text.listTitle} columns={own ? ownColumns : staffColumns}>
        {assessments.map((assessment) => (
          <AssessmentRow key={assessment.id} assessment={assessment} own={own} />
        ))}
      </CompactTable>
    </Box>
  );
}

/** One assessment: who (and, on a phone, which questionnaire and when due), where it stands, and its next step. */
function AssessmentRow({ assessment, own }: { assessment: AssessmentSummary; own: boolean }) {
  const action = assessmentAction(assessment);
  return (
    <TableRow hover data-testid={`assessment-row-${assessment.id}`}>
      {own ? (
        <TableCell>
          {assessment.template_name}
          <PhoneDetails assessment={assessment} questionnaire={false} />
        </TableCell>
      ) : (
        <>
          <TableCell sx={{ fontWeight: 500 }}>
            <TextLink to={`/clients/${encodeURIComponent(assessment.client_id)}/profile`}>{assessment.client_name}</TextLink>
            <PhoneDetails assessment={assessment} questionnaire />
          </TableCell>
          <TableCell sx={hiddenBelow('sm')}>{assessment.template_name}</TableCell>
          <TableCell sx={hiddenBelow('md')}>{assessment.advisor_name}</TableCell>
        </>
      )}
      <TableCell>
        <ResponseStatusChip status={assessment.status} />
      </TableCell>
      <DueCell assessment={assessment} />
      <TableCell sx={{ ...hiddenBelow('sm'), whiteSpace: 'nowrap' }}>{formatShortDate(assessment.completed_at) || '—'}</TableCell>
      <TableCell align="right" sx={hiddenBelow('sm')}>
        {scoreText(assessment)}
      </TableCell>
      <TableCell align="right">
        <Button
          component={RouterLink}
          to={action.to}
          size="small"
          variant={action.label === 'View' ? 'text' : 'outlined'}
          aria-label={
            own
              ? `${action.label} ${assessment.template_name}`
              : `${action.label} ${assessment.template_name} for ${assessment.client_name}`
          }
        >
          {action.label}
        </Button>
      </TableCell>
    </TableRow>
  );
}
