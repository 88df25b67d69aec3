import Box from '@mui/material/Box';
import type { Allocations } from '@meridian/domain/analytics/contracts';
import type { AllocationSlice } from '@meridian/domain/portfolios/contracts';
import { AllocationDonuts } from '../../../components/allocation-donuts.tsx';
import { SecurityDonut } from './security-donut.tsx';

/** The portfolio page's donuts read percentages keyed by what they show; analytics gives fractions with labels. */
const asPortfolioSlices = (
  slices: Allocations['asset_class'],
  keyOf: (slice: Allocations['asset_class'][number]) => string,
): AllocationSlice[] =>
  slices.map((slice) => ({ key: keyOf(slice), market_value: slice.market_value, percent: slice.weight * 100, holdings_count: 0 }));

/** Asset class and sector (the portfolio page's donuts) and security; a chunk of its own with the chart library. */
export function AnalyticsAllocation({ allocation }: { allocation: Allocations }) {
  return (
    <>
      <AllocationDonuts
        byAssetClass={asPortfolioSlices(allocation.asset_class, (slice) => slice.key)}
        bySector={asPortfolioSlices(allocation.sector, (slice) => slice.label)}
      />
      <Box sx={{ mb: 3 }}>
        <SecurityDonut slices={allocation.security} />
      </Box>
    </>
  );
}
