import { IpqErrorBoundary } from '../ipq-error-boundary.tsx';
import { IpqResultsView } from './ipq-results.tsx';

/** /clients/{clientId}/ipq-results: the results, inside the assessment error boundary. */
export function IpqResultsPage() {
  return (
    <IpqErrorBoundary>
      <IpqResultsView />
    </IpqErrorBoundary>
  );
}
