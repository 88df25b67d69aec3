import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatDollars, formatShortDate } from '@meridian/domain/shared/format';
import type { Recommendation } from '@meridian/domain/recommendations/contracts';

type RecommendationDetailsShape = Recommendation['details'];
import { HeldBackAlert } from '../../components/held-back-alert.tsx';
import { gainBudgetText } from '../../lib/gain-budget-text.ts';
import { SignedValue } from '../../components/signed-value.tsx';
import { plainFraction } from '../../lib/figure-format.ts';
import { RecommendationTradesTable } from './recommendation-trades-table.tsx';
import { recommendationTexts as text } from './recommendation-texts.ts';
import { RecommendationWeightsTable } from './recommendation-weights-table.tsx';

function Total({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500 }}>
        {children}
      </Typography>
    </div>
  );
}

function SubHeading({ children }: { children: string }) {
  return (
    <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
      {children}
    </Typography>
  );
}

/** The tax the trades cost against the drift they cure, and what is left of the client's gain budget. */
function taxVersusDrift({ tax, drift }: RecommendationDetailsShape): string {
  if (!tax) return '';
  const cost =
    tax.estimated_tax >= 0
      ? `Estimated tax ${formatDollars(tax.estimated_tax)}`
      : `Estimated tax saved ${formatDollars(-tax.estimated_tax)}`;
  const cured = drift ? ` to bring the largest drift from ${plainFraction(drift.before)} to ${plainFraction(drift.after)}` : '';
  const rates = ` (at ${plainFraction(tax.rates.long)} long-term, ${plainFraction(tax.rates.short)} short-term)`;
  const budget = gainBudgetText(tax, formatDollars);
  const edge = tax.rebalance_to === 'band_edge' ? ' Trades stop at the edge of the band.' : '';
  return `${cost}${cured}${rates}.${budget}${edge}`;
}

/** What a recommendation would do: its trades and their tax effect, the cash they leave, and the weights they reach. */
export function RecommendationDetails({ recommendation }: { recommendation: Recommendation }) {
  const { details, title } = recommendation;
  const { totals, drift, risk } = details;
  return (
    // Narrow cell padding: the trades table keeps its seven columns on screen longer before it scrolls.
    <Box
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, pt: 1, '& td, & th': { px: 1 } }}
      data-testid="recommendation-details"
    >
      {details.tax_deferred && <Alert severity="info">{text.taxDeferred}</Alert>}
      {details.tax?.treatment === 'tax_free' && <Alert severity="info">{text.taxFree}</Alert>}
      {details.tax && details.tax.disallowed_loss > 0 && (
        <Alert severity="warning" data-testid="wash-sale-disallowed">
          {`Wash sale: ${formatDollars(details.tax.disallowed_loss)} of the losses is disallowed (the same security was bought within 30 days in one of the client's accounts) and is added to the basis of the shares bought: ` +
            details.trades
              .filter((trade) => (trade.disallowed_loss ?? 0) > 0)
              .map((trade) => `${trade.symbol} ${formatDollars(trade.disallowed_loss ?? 0)}`)
              .join(', ')}
        </Alert>
      )}
      <HeldBackAlert rows={details.held_back ?? []} budgetLeft={details.tax?.budget_left ?? null} />
      {details.wash_sale_blocked.length > 0 && (
        <Alert severity="warning" data-testid="wash-sale-blocked">
          {text.washSaleIntro}
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {details.wash_sale_blocked.map((block) => (
              <li key={block.security_id}>
                {`${block.symbol}, sold on ${formatShortDate(block.sold_on)}: not bought before ${formatShortDate(block.until)}`}
              </li>
            ))}
          </Box>
        </Alert>
      )}
      <div>
        <SubHeading>Trades</SubHeading>
        {details.trades.length > 0 ? (
          <RecommendationTradesTable label={`Trades: ${title}`} trades={details.trades} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            No trades.
          </Typography>
        )}
      </div>
      <div>
        <SubHeading>Totals</SubHeading>
        <Box
          component="dl"
          data-testid="recommendation-totals"
          sx={{
            m: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(5, minmax(0, 1fr))' },
          }}
        >
          <Total label="Sells">{formatDollars(totals.sells)}</Total>
          <Total label="Buys">{formatDollars(totals.buys)}</Total>
          <Total label="Est. short-term gain">
            <SignedValue value={totals.realized_short} kind="dollars" />
          </Total>
          <Total label="Est. long-term gain">
            <SignedValue value={totals.realized_long} kind="dollars" />
          </Total>
          <Total label="Cash">{`${formatDollars(totals.cash_before)} → ${formatDollars(totals.cash_after)}`}</Total>
        </Box>
        {details.tax?.treatment === 'taxable' && (
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="tax-versus-drift">
            {taxVersusDrift(details)}
          </Typography>
        )}
      </div>
      {details.weights.length > 0 && (
        <div>
          <SubHeading>Weights</SubHeading>
          <RecommendationWeightsTable label={`Weights: ${title}`} weights={details.weights} />
          {drift && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="recommendation-drift">
              {`Largest distance from target: ${plainFraction(drift.before)} now, ${plainFraction(drift.after)} after the trades (band ±${plainFraction(drift.band)}).`}
            </Typography>
          )}
        </div>
      )}
      {risk && (
        <Typography variant="body2" color="text.secondary" data-testid="recommendation-risk">
          {`Expected return ${plainFraction(risk.current.expected_return)} → ${plainFraction(risk.proposed.expected_return)}, ` +
            `volatility ${plainFraction(risk.current.volatility)} → ${plainFraction(risk.proposed.volatility)}.`}
        </Typography>
      )}
    </Box>
  );
}
