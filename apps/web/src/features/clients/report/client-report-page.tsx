import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { accountTypeLabels } from '@meridian/domain/portfolios/contracts';
import {
  experienceLabel,
  formatDollars,
  formatShortDate,
  formatSignedPercent,
  formatWholeDollars,
  netWorthCategory,
} from '@meridian/domain/shared/format';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';
import { riskBandLabel } from '@meridian/domain/clients/risk-band';
import { clientScreenMessages as text } from '@meridian/domain/clients/screen-messages';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { ClientPortfolioList, portfolioTotals } from '../client-portfolio-list.tsx';
import { useClientPortfolioDetailsQuery, useClientPortfoliosQuery, useGetClientQuery } from '../clients-api.ts';
import { Field, ProfileSection } from '../profile-section.tsx';
import { combinedAllocation } from './report-allocation.ts';
import { ReportAllocationChart } from './report-allocation-chart.tsx';
import { ReportHoldingsTable } from './report-holdings-table.tsx';
import { PrintStyles } from '../../../components/print-styles.tsx';

/** /clients/{id}/report: a print-ready report — summary, portfolios, allocation, holdings. */
/** On paper each section stays whole; a portfolio may break across pages. */
const reportPrintRules = {
  '.report-section': { breakInside: 'avoid-page' },
  '.report-portfolio': { breakBefore: 'auto', breakInside: 'auto' },
} as const;

export function ClientReportPage() {
  const { clientId = '' } = useParams();
  const client = useGetClientQuery(clientId);
  const portfolios = useClientPortfoliosQuery(clientId);
  const ids = portfolios.data?.portfolios.map((portfolio) => portfolio.id) ?? [];
  const details = useClientPortfolioDetailsQuery(ids, { skip: ids.length === 0 });

  if (client.isLoading || portfolios.isLoading || details.isLoading) return <PageSpinner />;
  const error = client.error ?? portfolios.error ?? details.error;
  if (error || !client.data || !portfolios.data) {
    const fallback = client.error ? text.fetchClientFailed : portfolioMessages.fetchPortfoliosFailed;
    return (
      <>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 500, mb: 3 }}>
          {text.reportTitle}
        </Typography>
        <Alert severity="error">{errorText(error, fallback)}</Alert>
      </>
    );
  }
  const c = client.data;
  const list = portfolios.data.portfolios;
  const detailList = ids.length === 0 ? [] : (details.data ?? []);
  const totals = portfolioTotals(list);
  const simulated = detailList.some((detail) => detail.holdings.some((holding) => holding.simulated));

  return (
    <Box sx={{ maxWidth: 1000 }} data-testid="client-report">
      <PrintStyles page={reportPrintRules} />
      <Box className="no-print" sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mb: 2 }}>
        <Button component={RouterLink} to={`/clients/${encodeURIComponent(c.id)}/profile`}>
          Back to profile
        </Button>
        <Button variant="contained" startIcon={<PrintOutlined />} onClick={() => window.print()}>
          {text.print}
        </Button>
      </Box>
      <Box sx={{ mb: 2 }}>
        <Typography variant="overline" color="text.secondary">
          {text.reportTitle} · prepared {formatShortDate(new Date())}
        </Typography>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 500 }}>
          {c.first_name} {c.last_name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {c.email} · Advisor: {c.advisor_name}
        </Typography>
      </Box>
      <Divider sx={{ mb: 2 }} />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
        <Box className="report-section">
          <ProfileSection title="Summary">
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 3 }}>
              <Field label="Total value" value={formatDollars(totals.value)} />
              <Field label="Unrealised gain/loss" value={`${formatDollars(totals.gain)} (${formatSignedPercent(totals.gainPercent)})`} />
              <Field label="Portfolios" value={String(list.length)} />
              <Field label="Risk band" value={riskBandLabel(c.risk_band)} />
              <Field
                label="Net worth"
                value={`${c.profile.net_worth === null ? '—' : formatWholeDollars(c.profile.net_worth)} (${netWorthCategory(c.profile.net_worth)})`}
              />
              <Field label="Annual income" value={c.profile.annual_income === null ? '—' : formatWholeDollars(c.profile.annual_income)} />
              <Field label="Experience" value={experienceLabel(c.profile.investment_experience)} />
              <Field label="Age" value={c.age === null ? '—' : String(c.age)} />
            </Box>
            {c.profile.financial_goals && <Field label="Goals" value={c.profile.financial_goals} />}
          </ProfileSection>
        </Box>
        <Box className="report-section">
          <ProfileSection title="Portfolios">
            <ClientPortfolioList portfolios={list} />
          </ProfileSection>
        </Box>
        <Box className="report-section">
          <ProfileSection title="Allocation by asset class">
            <ReportAllocationChart rows={combinedAllocation(detailList)} />
          </ProfileSection>
        </Box>
        {detailList.map((detail) => (
          <Box key={detail.id} className="report-portfolio">
            <ProfileSection title={`Holdings: ${detail.name}`}>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {accountTypeLabels[detail.account_type]} · value {formatDollars(detail.total_value)} · cash{' '}
                {formatDollars(detail.cash_balance)}
              </Typography>
              <ReportHoldingsTable portfolio={detail} />
            </ProfileSection>
          </Box>
        ))}
        <Typography variant="caption" color="text.secondary">
          Values use the latest closing prices.{' '}
          {simulated && 'Some prices are simulated: no market data feed is connected, so they are not real market prices.'}
        </Typography>
      </Box>
    </Box>
  );
}
