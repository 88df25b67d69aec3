import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatShortDate } from '@meridian/domain/shared/format';
import { assessmentAction } from '../assessment-links.ts';
import { assessmentTexts as text } from '../assessment-texts.ts';
import { useListAssessmentsQuery } from '../assessments-api.ts';
import { ResponseStatusChip } from '../response-status-chip.tsx';

/**
 * What a client signing in is waiting to answer: their assessments not yet complete (the list puts
 * open ones first, the soonest due first), each with Take or Continue. Nothing when none is open.
 */
export function OpenAssessments() {
  const { data } = useListAssessmentsQuery({ page: 1, per_page: 10 });
  const open = data?.assessments.filter((assessment) => assessment.status !== 'complete') ?? [];
  if (open.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="open-assessments-heading" data-testid="open-assessments" sx={{ mb: 2 }}>
      <Typography variant="h6" component="h2" id="open-assessments-heading" sx={{ mb: 1 }}>
        {text.openTitle(open.length)}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {open.map((assessment) => {
          const action = assessmentAction(assessment);
          return (
            <Box component="li" key={assessment.id} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              <Typography sx={{ flex: '1 1 200px', minWidth: 0, fontWeight: 500 }}>{assessment.template_name}</Typography>
              <ResponseStatusChip status={assessment.status} />
              {assessment.due_date && (
                <Typography variant="body2" color={assessment.overdue ? 'error' : 'text.secondary'}>
                  {text.due(formatShortDate(assessment.due_date))}
                </Typography>
              )}
              <Button
                component={RouterLink}
                to={action.to}
                size="small"
                variant="contained"
                aria-label={`${action.label} ${assessment.template_name}`}
              >
                {action.label}
              </Button>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
