import type { AssessmentSummary } from '@meridian/domain/assessments/contracts';

type Linked = Pick<AssessmentSummary, 'id' | 'client_id' | 'kind' | 'status'>;

const id = encodeURIComponent;

/**
 * Where an assessment is answered: a custom one here, the investor questionnaire on its own
 * module-by-module screen.
 */
export const takePath = (assessment: Linked) =>
  assessment.kind === 'ipq' ? `/ipq-assessment/${id(assessment.client_id)}` : `/assessments/${id(assessment.id)}/take`;

/** Where a complete assessment is read: its answers and scores, or the questionnaire's results. */
export const viewPath = (assessment: Linked) =>
  assessment.kind === 'ipq' ? `/clients/${id(assessment.client_id)}/ipq-results` : `/assessments/${id(assessment.id)}`;

export type AssessmentAction = { label: 'Take' | 'Continue' | 'View'; to: string };

/** The next step of an assessment: Take it when pending, Continue it when started, View it once complete. */
export function assessmentAction(assessment: Linked): AssessmentAction {
  if (assessment.status === 'complete') return { label: 'View', to: viewPath(assessment) };
  return { label: assessment.status === 'in_progress' ? 'Continue' : 'Take', to: takePath(assessment) };
}
