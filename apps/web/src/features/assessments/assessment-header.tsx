import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { AssessmentSummary } from '@meridian/domain/assessments/contracts';
import { formatShortDate } from '@meridian/domain/shared/format';
import { assessmentTexts as text } from './assessment-texts.ts';
import { ResponseStatusChip } from './response-status-chip.tsx';

type Props = {
  assessment: AssessmentSummary;
  /** A client user is taking their own: their name goes without saying. */
  own: boolean;
  /** Buttons at the right (the results page's Continue). */
  actions?: ReactNode;
};

/** The top of an assessment's page: back to the list, the questionnaire's name (h1), whose it is, its status and due date. */
export function AssessmentHeader({ assessment, own, actions }: Props) {
  const details = [
    own ? null : text.forClient(assessment.client_name),
    assessment.completed_at
      ? text.completedOn(formatShortDate(assessment.completed_at))
      : assessment.due_date
        ? text.due(formatShortDate(assessment.due_date))
        : null,
  ].filter(Boolean);
  return (
    <>
      <Button component={RouterLink} to="/assessments" startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
        {text.backToList}
      </Button>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
          <Typography
            variant="h4"
            component="h1"
            sx={{ fontWeight: 500, fontSize: { xs: '1.6rem', sm: '2.125rem' }, overflowWrap: 'anywhere' }}
          >
            {assessment.template_name}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
            <ResponseStatusChip status={assessment.status} />
            {assessment.overdue && <Chip label={text.overdue} color="error" size="small" />}
            <Typography color="text.secondary" data-testid="assessment-details">
              {details.join(' · ')}
            </Typography>
          </Box>
        </Box>
        {actions}
      </Box>
    </>
  );
}
