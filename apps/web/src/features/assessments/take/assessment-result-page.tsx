import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { RefreshErrorAlert } from '../../../components/refresh-error-alert.tsx';
import { AssessmentHeader } from '../assessment-header.tsx';
import { assessmentAction, viewPath } from '../assessment-links.ts';
import { assessmentTexts as text } from '../assessment-texts.ts';
import { useGetAssessmentQuery } from '../assessments-api.ts';
import { definitionOf } from '../definition-of.ts';
import { useViewerRole } from '../use-viewer-role.ts';
import { SectionResult, scoreLine } from './section-result.tsx';
import { AssessmentLoadError } from './assessment-load-error.tsx';
import { firstQuestionNumbers } from '../question-numbers.ts';

/**
 * /assessments/:assessmentId: a completed custom assessment, its total and section scores (score /
 * max, percent) and the answer to each question. One still open says so, with the way to finish it.
 */
export function AssessmentResultPage() {
  const { assessmentId = '' } = useParams();
  const { isClient } = useViewerRole();
  const { data: assessment, error, isLoading } = useGetAssessmentQuery(assessmentId);

  if (isLoading) return <PageSpinner />;
  if (!assessment) return <AssessmentLoadError error={error} />;
  if (assessment.kind === 'ipq') return <Navigate to={viewPath(assessment)} replace />;
  const definition = definitionOf(assessment.definition);
  if (!definition) return <AssessmentLoadError error={null} />;

  if (assessment.status !== 'complete') {
    const action = assessmentAction(assessment);
    return (
      <Box sx={{ maxWidth: 900 }}>
        <AssessmentHeader assessment={assessment} own={isClient} />
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to={action.to} color="inherit" size="small">
              {action.label}
            </Button>
          }
        >
          {text.notComplete}
        </Alert>
      </Box>
    );
  }

  const sectionScores = new Map((assessment.score?.sections ?? []).map((section) => [section.key, section]));
  const firstNumbers = firstQuestionNumbers(definition.sections);
  return (
    <Box sx={{ maxWidth: 900 }}>
      <AssessmentHeader assessment={assessment} own={isClient} />
      <RefreshErrorAlert error={error} fallback={text.fetchFailed} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }} aria-labelledby="total-score-heading">
        <Typography variant="overline" component="h2" id="total-score-heading" color="text.secondary">
          {text.total}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 500 }} data-testid="total-score">
          {scoreLine(assessment.score?.total)}
        </Typography>
      </Paper>
      {definition.sections.map((section, index) => (
        <SectionResult
          key={section.key}
          section={section}
          score={sectionScores.get(section.key)}
          answers={assessment.answers}
          firstNumber={firstNumbers[index] ?? 1}
        />
      ))}
    </Box>
  );
}
