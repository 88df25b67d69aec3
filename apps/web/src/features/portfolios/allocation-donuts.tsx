import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PieChart } from '@mui/x-charts/PieChart';
import { formatDollars } from '@meridian/domain/format';
import type { AllocationSlice } from '@meridian/domain/portfolios';
import type { AssetClass } from '@meridian/domain/securities';
import { assetClassLabel } from '../market-data/security-labels.ts';

const palette = ['#1976d2', '#26a69a', '#ffa726', '#ab47bc', '#ef5350', '#8d6e63', '#66bb6a', '#5c6bc0', '#ec407a', '#29b6f6', '#d4e157', '#78909c', '#ffca28', '#7e57c2', '#26c6da'];

type Props = { title: string; slices: AllocationSlice[]; label?: (key: string) => string; testId: string };

function Donut({ title, slices, label = (key) => key, testId }: Props) {
  const data = slices.map((slice, index) => ({
    id: slice.key,
    value: slice.percent,
    label: label(slice.key),
    color: palette[index % palette.length]!,
  }));
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {data.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          No holdings yet
        </Typography>
      ) : (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <PieChart
            width={180}
            height={180}
            hideLegend
            series={[
              {
                data,
                innerRadius: 50,
                outerRadius: 85,
                paddingAngle: 1,
                cornerRadius: 3,
                valueFormatter: (item) => `${item.value.toFixed(2)}%`,
              },
            ]}
          />
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, flex: '1 1 200px', minWidth: 0 }} aria-label={`${title} slices`}>
            {slices.map((slice, index) => (
              <Box component="li" key={slice.key} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }} data-testid={`${testId}-${slice.key}`}>
                <Box sx={{ width: 10, height: 10, borderRadius: '2px', bgcolor: palette[index % palette.length], flexShrink: 0 }} />
                <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }}>
                  {label(slice.key)}
                </Typography>
                <Typography variant="body2" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
                  {slice.percent.toFixed(2)}%
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                  {formatDollars(slice.market_value)}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </Paper>
  );
}

/** Allocation of the holdings' market value (cash excluded) by asset class and by sector, as the server computes it. */
export function AllocationDonuts({ byAssetClass, bySector }: { byAssetClass: AllocationSlice[]; bySector: AllocationSlice[] }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, mb: 3 }}>
      <Donut title="By asset class" slices={byAssetClass} label={(key) => assetClassLabel(key as AssetClass) ?? key} testId="allocation-asset-class" />
      <Donut title="By sector" slices={bySector} testId="allocation-sector" />
    </Box>
  );
}
