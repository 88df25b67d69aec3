import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { BandDecision, BandDecisionResponse } from '@meridian/domain/ipq/contracts';
import { ipqMessages } from '@meridian/domain/ipq/messages';
import { riskBandLabel } from '@meridian/domain/clients/risk-band';
import { useAppSelector } from '../../../app/hooks.ts';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { useClientAssessmentsQuery, useComprehensiveResultsQuery } from '../ipq-api.ts';
import { ipqTexts as text } from '../ipq-texts.ts';
import { BandChart } from './band-chart.tsx';
import { BandDecisionDialog } from './band-decision-dialog.tsx';
import { BandStatusPanel } from './band-status-panel.tsx';
import { ExplanationList } from './explanation-list.tsx';
import { NoResults } from './no-results.tsx';
import { PointsToDiscuss } from './points-to-discuss.tsx';
import { PredictionSummary } from './prediction-summary.tsx';
import { ResultsHeader } from './results-header.tsx';
import { ScoreBreakdown } from './score-breakdown.tsx';
import { TraitsSummary } from './traits-summary.tsx';
import { PrintStyles } from '../../../components/print-styles.tsx';

type Decision = BandDecision['decision'];

/** What a band decision did: the band now, and the recommendations the review under it wrote or withdrew. */
function outcomeText(response: BandDecisionResponse, decision: Decision): string {
  const band = riskBandLabel(response.current_band).toLowerCase();
  if (decision === 'keep') return `The current band, ${band}, is kept.`;
  const { reviewed, created, refreshed, withdrawn } = response.recommendations;
  const review = reviewed
    ? `Recommendations: ${created} created, ${refreshed} refreshed, ${withdrawn} withdrawn.`
    : 'No portfolio was reviewed.';
  return `The risk band is now ${band}. ${review}`;
}

const twoColumns = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
  alignItems: 'start',
} as const;

/**
 * /clients/{id}/ipq-results: the client's latest complete questionnaire (or `?session=` another):
 * both scores and their factors, the profile on the bands, the recommended share of stocks, the
 * traits and every reason; and the band it proposes, which staff confirm or keep.
 */
export function IpqResultsView() {
  const { clientId = '' } = useParams();
  const [params] = useSearchParams();
  const chosen = params.get('session');
  const isClient = useAppSelector((state) => state.auth.user?.role_name === 'client');
  const list = useClientAssessmentsQuery(clientId);
  const sessionId = chosen ?? list.data?.assessments.find((each) => each.status === 'complete')?.session_id ?? null;
  const results = useComprehensiveResultsQuery({ sessionId: sessionId ?? '', clientId }, { skip: sessionId === null });
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);

  const failed = (message: string) => (
    <>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 500, mb: 2 }}>
        {text.resultsTitle}
      </Typography>
      <Alert severity="error">{message}</Alert>
    </>
  );
  if (chosen === null && list.error) return failed(errorText(list.error, text.listFailed));
  if (chosen === null && !list.data) return <PageSpinner />;
  if (sessionId === null)
    return <NoResults clientId={clientId} open={list.data?.assessments.some((each) => each.status !== 'complete') ?? false} />;
  if (results.error) return failed(errorText(results.error, ipqMessages.resultsFailed));
  if (!results.data) return <PageSpinner />;

  const data = results.data;
  const { prediction } = data;
  return (
    <Box sx={{ maxWidth: 1200 }} data-testid="ipq-results">
      <PrintStyles page={{ '.results-section': { breakInside: 'avoid-page' } }} />
      <ResultsHeader results={data} />
      <Box sx={twoColumns}>
        <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
          <BandStatusPanel results={data} canDecide={!isClient} onDecide={setDeciding} outcome={outcome} />
        </Box>
        {!isClient && prediction.points_to_discuss.length > 0 && (
          <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
            <PointsToDiscuss points={prediction.points_to_discuss} />
          </Box>
        )}
        <BandChart
          score={prediction.profile.score}
          band={prediction.profile.band}
          limitedBy={prediction.profile.limited_by}
          recommended={prediction.recommended_band}
          current={data.current_band}
        />
        <PredictionSummary prediction={prediction} model={data.recommended_model} />
        <ScoreBreakdown
          title={text.riskTolerance}
          hint={text.riskToleranceHint}
          score={prediction.risk_tolerance}
          testId="risk-tolerance"
        />
        <ScoreBreakdown title={text.riskCapacity} hint={text.riskCapacityHint} score={prediction.risk_capacity} testId="risk-capacity" />
        <TraitsSummary traits={data.traits} lossAversion={data.loss_aversion} />
        <ExplanationList sentences={prediction.explanation} />
      </Box>
      {deciding && (
        <BandDecisionDialog
          results={data}
          decision={deciding}
          onClose={() => setDeciding(null)}
          onDecided={(response, decision) => {
            setDeciding(null);
            setOutcome(outcomeText(response, decision));
          }}
        />
      )}
    </Box>
  );
}
