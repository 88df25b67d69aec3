import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { formatDollars } from '@meridian/domain/shared/format';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';
import {
  recommendationStatuses,
  recommendationStatusLabels,
  type GenerateResponse,
  type Recommendation,
} from '@meridian/domain/recommendations/contracts';
import { useAppSelector } from '../../app/hooks.ts';
import { ButtonSpinner } from '../../components/button-spinner.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ListPagination } from '../../components/list-pagination.tsx';
import { ListStatus } from '../../components/list-status.tsx';
import { errorText } from '../../lib/error-text.ts';
import { usePageDialogs } from '../../lib/use-page-dialogs.ts';
import { usePaging } from '../../lib/use-paging.ts';
import { RecommendationCard } from './recommendation-card.tsx';
import { TaxSettingsSection } from './tax-settings-section.tsx';
import { recommendationTexts as text } from './recommendation-texts.ts';
import {
  useGenerateRecommendationsMutation,
  useListRecommendationsQuery,
  useUpdateRecommendationStatusMutation,
} from './recommendations-api.ts';

const pageSizes = [5, 10, 25] as const;

type Props = {
  /** Whose portfolios are reviewed when generating. */
  clientId: string;
  /** On a portfolio's page: only that portfolio's recommendations. */
  portfolioId?: string;
};

/** What a generation did, in short: "2 new, 1 updated" (open ones it left alone count as unchanged). */
function generateResultText({ created, refreshed, unchanged }: GenerateResponse): string {
  const parts = [
    created > 0 && `${created} new`,
    refreshed > 0 && `${refreshed} updated`,
    unchanged > 0 && `${unchanged} unchanged`,
  ].filter((part) => part !== false);
  return parts.length > 0 ? parts.join(', ') : text.nothingNew;
}

/** How many of the cards shown are in each status: "2 pending · 1 accepted" (a status without one is left out). */
function statusCounts(recommendations: Recommendation[]): string {
  return recommendationStatuses
    .map((status) => [recommendations.filter((recommendation) => recommendation.status === status).length, status] as const)
    .filter(([count]) => count > 0)
    .map(([count, status]) => `${count} ${recommendationStatusLabels[status].toLowerCase()}`)
    .join(' · ');
}

/** Implementing trades real money: the dialog says what will be recorded, and where. */
function implementQuestion({ title, portfolio_name, details }: Recommendation): string {
  const { trades, totals } = details;
  const count = `${trades.length} trade${trades.length === 1 ? '' : 's'}`;
  return (
    `Mark "${title}" implemented? Its ${count} will be recorded in the ledger of ${portfolio_name} at the latest close ` +
    `(sells ${formatDollars(totals.sells)}, buys ${formatDollars(totals.buys)}), changing its holdings and cash.`
  );
}

/**
 * The recommendations of a client (every portfolio) or of one portfolio, open ones first. Staff
 * generate them, accept or reject a pending one and mark an accepted one implemented (after a
 * confirmation: it records the trades); a client user reads them only.
 */
export function RecommendationsPanel({ clientId, portfolioId }: Props) {
  const readOnly = useAppSelector((state) => state.auth.user?.role_name === 'client');
  const headingId = useId();
  const { page, setPage, perPage, setPerPage } = usePaging(pageSizes[1]);
  const scope = portfolioId === undefined ? { client_id: clientId } : { portfolio_id: portfolioId };
  const list = useListRecommendationsQuery({ ...scope, page: page + 1, per_page: perPage });
  const [generate, generation] = useGenerateRecommendationsMutation();
  // Accept and reject answer on the card; implementing answers in its confirmation dialog.
  const [decide, decision] = useUpdateRecommendationStatusMutation();
  const [implement, implementation] = useUpdateRecommendationStatusMutation();
  const { dialog, setDialog, close, confirmation } = usePageDialogs<Recommendation>();

  const recommendations = list.data?.recommendations ?? [];
  const empty =
    list.data?.total === 0 ? (
      <>
        {portfolioId === undefined ? text.emptyForClient : text.emptyForPortfolio} {!readOnly && text.emptyHint}
      </>
    ) : null;
  const decisionError = (recommendation: Recommendation) =>
    decision.isError && decision.originalArgs?.recommendation.id === recommendation.id
      ? errorText(decision.error, portfolioMessages.updateRecommendationStatusFailed)
      : null;

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} data-testid="recommendations">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', p: 2, pb: 1 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h6" component="h2" id={headingId}>
            {text.heading}
          </Typography>
          {/* Counted from the cards themselves, so it always matches them and changes with them (the list refetches on every decision). */}
          {recommendations.length > 0 && (
            <Typography variant="body2" color="text.secondary" data-testid="recommendation-counts">
              {statusCounts(recommendations)}
            </Typography>
          )}
        </Box>
        {!readOnly && (
          <Button
            variant="outlined"
            disabled={generation.isLoading}
            startIcon={generation.isLoading ? <ButtonSpinner /> : <AutoAwesomeOutlinedIcon />}
            onClick={() => void generate(clientId)}
          >
            {generation.isLoading ? text.generating : text.generate}
          </Button>
        )}
      </Box>
      {portfolioId === undefined && <TaxSettingsSection clientId={clientId} readOnly={readOnly} />}
      {/* Present from the start, so a screen reader announces the result when it arrives. */}
      <Typography role="status" variant="body2" color="text.secondary" sx={{ px: 2 }} data-testid="generate-result">
        {generation.isSuccess ? generateResultText(generation.data) : ''}
      </Typography>
      {generation.isError && (
        <Alert severity="error" sx={{ mx: 2, mt: 1 }}>
          {errorText(generation.error, portfolioMessages.generateRecommendationsFailed)}
        </Alert>
      )}
      <ListStatus
        noun="recommendations"
        fetching={list.isFetching}
        loading={list.isLoading}
        error={list.isError ? errorText(list.error, portfolioMessages.fetchRecommendationsFailed) : null}
        empty={empty}
        emptyTestId="recommendations-empty"
      />
      {recommendations.length > 0 && (
        // A column of no minimum width: a card's wide tables scroll within it instead of widening the page.
        <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, px: { xs: 1.5, sm: 2 }, pb: 2 }}>
          {recommendations.map((recommendation) => (
            <RecommendationCard
              key={recommendation.id}
              recommendation={recommendation}
              showPortfolio={portfolioId === undefined}
              readOnly={readOnly}
              busy={decision.isLoading && decision.originalArgs?.recommendation.id === recommendation.id}
              error={decisionError(recommendation)}
              onMove={(status) => (status === 'implemented' ? setDialog(recommendation) : void decide({ recommendation, status }))}
            />
          ))}
        </Box>
      )}
      {list.data && list.data.total > pageSizes[0] && (
        <ListPagination
          total={list.data.total}
          page={page}
          perPage={perPage}
          perPageOptions={pageSizes}
          onPage={setPage}
          onPerPage={setPerPage}
        />
      )}
      <ConfirmDialog
        title={text.implementTitle}
        confirmLabel={text.markImplemented}
        {...confirmation(
          dialog !== null,
          implementation.isLoading,
          async () => {
            if (dialog === null) return;
            await implement({ recommendation: dialog, status: 'implemented' }).unwrap();
            close();
          },
          portfolioMessages.updateRecommendationStatusFailed,
        )}
      >
        {dialog !== null && implementQuestion(dialog)}
      </ConfirmDialog>
    </Paper>
  );
}
