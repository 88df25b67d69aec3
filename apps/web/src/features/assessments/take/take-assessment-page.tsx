import Box from '@mui/material/Box';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { AssessmentHeader } from '../assessment-header.tsx';
import { takePath, viewPath } from '../assessment-links.ts';
import { useGetAssessmentQuery } from '../assessments-api.ts';
import { definitionOf } from '../definition-of.ts';
import { useViewerRole } from '../use-viewer-role.ts';
import { AssessmentLoadError } from './assessment-load-error.tsx';
import { TakeForm } from './take-form.tsx';

/**
 * /assessments/:assessmentId/take: answering a custom assessment, by the client on their own or
 * with their advisor. The investor questionnaire goes to its own screen; a complete one to its results.
 */
export function TakeAssessmentPage() {
  const { assessmentId = '' } = useParams();
  const { isClient } = useViewerRole();
  const { data: assessment, error, isLoading } = useGetAssessmentQuery(assessmentId);
  // Complete when opened: its results. Completed meanwhile (elsewhere): the form says so and links there.
  // Remembered from the render that first showed this assessment, as state (React's pattern for
  // information from earlier renders): the render that records it is redone at once with it.
  const [opened, setOpened] = useState<{ id: string; complete: boolean } | null>(null);
  if (assessment && opened?.id !== assessment.id) setOpened({ id: assessment.id, complete: assessment.status === 'complete' });

  if (isLoading) return <PageSpinner />;
  if (!assessment) return <AssessmentLoadError error={error} />;
  if (assessment.kind === 'ipq') return <Navigate to={takePath(assessment)} replace />;
  if (opened?.complete) return <Navigate to={viewPath(assessment)} replace />;
  const definition = definitionOf(assessment.definition);
  return (
    <Box sx={{ maxWidth: 900 }}>
      <AssessmentHeader assessment={assessment} own={isClient} />
      {definition ? <TakeForm key={assessment.id} assessment={assessment} definition={definition} /> : <AssessmentLoadError error={null} />}
    </Box>
  );
}
