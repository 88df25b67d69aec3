import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatDollars, formatShortDate } from '@meridian/domain/shared/format';
import type { HistoryPeriod, SecurityDetail } from '@meridian/domain/securities/contracts';
import { marketDataMessages as text } from '@meridian/domain/securities/market-data-messages';
import { errorText } from '../../../lib/error-text.ts';
import { useGetSecurityQuery } from '../market-data-api.ts';
import { PriceChange } from '../price-change.tsx';
import { PriceHistoryChart } from './price-history-chart.tsx';
import { PriceSourceChip, SimulatedChip } from '../price-source-chip.tsx';
import { RiskChip } from '../risk-chip.tsx';
import { assetClassLabel } from '../security-labels.ts';
import { watchlistPeriod } from '../watchlist/watchlist-period.ts';

const chartHeight = 320;

/** The periods offered (the API also knows 'max'). */
const periods: { value: HistoryPeriod; label: string }[] = [
  { value: '1m', label: '1M' },
  { value: '3m', label: '3M' },
  { value: '6m', label: '6M' },
  { value: 'ytd', label: 'YTD' },
  { value: '1y', label: '1Y' },
  { value: '5y', label: '5Y' },
];

function Summary({ security }: { security: SecurityDetail }) {
  return (
    <>
      <DialogContentText sx={{ mb: 1 }}>{security.industry}</DialogContentText>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        <Chip label={security.sector} size="small" variant="outlined" />
        <Chip label={assetClassLabel(security.asset_class)} size="small" variant="outlined" />
        <RiskChip rating={security.risk_rating} />
      </Stack>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'baseline', flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h4" component="p" sx={{ fontWeight: 500 }} data-testid="latest-close">
          {security.last_close === null ? text.noPrice : formatDollars(security.last_close)}
        </Typography>
        <PriceChange value={security.day_change} kind="dollars" variant="body1" />
        <PriceChange value={security.day_change_percent} kind="percent" variant="body1" />
        {security.last_price_date && (
          <Typography variant="body2" color="text.secondary">
            {`Close of ${formatShortDate(security.last_price_date)}`}
          </Typography>
        )}
        <Box sx={{ alignSelf: 'center' }}>
          <PriceSourceChip simulated={security.simulated} hasPrice={security.last_close !== null} />
        </Box>
      </Stack>
    </>
  );
}

function Content({ symbol }: { symbol: string }) {
  const [period, setPeriod] = useState<HistoryPeriod>(watchlistPeriod);
  const { data, currentData, error, isError, isFetching } = useGetSecurityQuery({ symbol, period });
  if (isError && !currentData) {
    return <Alert severity="error">{errorText(error, text.fetchSecuritiesFailed)}</Alert>;
  }
  const points = data?.history.points ?? [];
  const hasImported = points.some((point) => point.source === 'imported');
  return (
    <>
      {data ? <Summary security={data} /> : <Skeleton variant="text" width={320} height={56} sx={{ mb: 2 }} />}
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1 }}>
        <ToggleButtonGroup
          value={period}
          exclusive
          size="small"
          aria-label="Chart period"
          onChange={(_event, value: HistoryPeriod | null) => value && setPeriod(value)}
        >
          {periods.map((option) => (
            <ToggleButton key={option.value} value={option.value} sx={{ px: 1.5 }}>
              {option.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {data?.history.simulated && <SimulatedChip label={text.simulatedPrices} />}
      </Stack>
      <LinearProgress aria-label="Loading prices" sx={{ visibility: isFetching ? 'visible' : 'hidden', mb: 1 }} />
      <Box role="figure" aria-label={`${symbol} daily closing prices`} sx={{ height: chartHeight }}>
        {!data ? (
          <Skeleton variant="rounded" height={chartHeight} />
        ) : points.length === 0 ? (
          <Typography color="text.secondary" sx={{ pt: 4, textAlign: 'center' }}>
            {text.noPrice}
          </Typography>
        ) : (
          <PriceHistoryChart symbol={symbol} points={points} height={chartHeight} />
        )}
      </Box>
      {hasImported && (
        <Typography variant="caption" color="text.secondary">
          {text.importedMarked}
        </Typography>
      )}
    </>
  );
}

type Props = { open: boolean; symbol: string | null; name: string | null; onClose: () => void };

/** One security's latest close and its closes over a chosen period, in a dialog. */
export function SecurityDetailDialog({ open, symbol, name, onClose }: Props) {
  return (
    <Dialog open={open && symbol !== null} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="security-dialog-title">
      <DialogTitle id="security-dialog-title">
        <Box component="span" sx={{ fontWeight: 700 }}>
          {symbol}
        </Box>
        {name && (
          <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
            {` · ${name}`}
          </Box>
        )}
      </DialogTitle>
      <DialogContent>{symbol && <Content key={symbol} symbol={symbol} />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
