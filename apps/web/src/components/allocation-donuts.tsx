import Box from '@mui/material/Box';
import type { AllocationSlice } from '@meridian/domain/portfolios/contracts';
import { assetClassLabel, type AssetClass } from '@meridian/domain/securities/contracts';
import { weightsCaption } from '../lib/figure-format.ts';
import { AllocationDonut, type DonutSlice } from './allocation-donut.tsx';
import Typography from '@mui/material/Typography';

const palette = [
  '#1976d2',
  '#26a69a',
  '#ffa726',
  '#ab47bc',
  '#ef5350',
  '#8d6e63',
  '#66bb6a',
  '#5c6bc0',
  '#ec407a',
  '#29b6f6',
  '#d4e157',
  '#78909c',
  '#ffca28',
  '#7e57c2',
  '#26c6da',
];

const percent = (value: number) => `${value.toFixed(2)}%`;
const donutSlices = (slices: AllocationSlice[], label: (key: string) => string = (key) => key): DonutSlice[] =>
  slices.map((slice) => ({ key: slice.key, label: label(slice.key), weight: slice.percent, market_value: slice.market_value }));

/** Allocation of the account's total value (cash its own slice) by asset class and by sector, as the server computes it. */
export function AllocationDonuts({ byAssetClass, bySector }: { byAssetClass: AllocationSlice[]; bySector: AllocationSlice[] }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, mb: 3 }}>
      <AllocationDonut
        title="By asset class"
        slices={donutSlices(byAssetClass, (key) => assetClassLabel(key as AssetClass) ?? key)}
        formatWeight={percent}
        palette={palette}
        testId="allocation-asset-class"
      />
      <AllocationDonut
        title="By sector"
        slices={donutSlices(bySector)}
        formatWeight={percent}
        palette={palette}
        testId="allocation-sector"
      />
      <Typography variant="caption" color="text.secondary" component="p" sx={{ gridColumn: '1 / -1', mt: -1 }}>
        {weightsCaption}
      </Typography>
    </Box>
  );
}
