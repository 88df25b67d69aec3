import { IpqErrorBoundary } from '../ipq-error-boundary.tsx';
import { IpqTaking } from './ipq-taking.tsx';

/** /ipq-assessment/{clientId}: the questionnaire, inside the assessment error boundary. */
export function IpqAssessmentPage() {
  return (
    <IpqErrorBoundary>
      <IpqTaking />
    </IpqErrorBoundary>
  );
}
