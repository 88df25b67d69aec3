import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy } from 'react';
import type { ModelTargetKind } from '@meridian/domain/model-portfolios/contracts';
import type { RiskPoint } from '@meridian/domain/recommendations/contracts';
import { plainFraction } from '../../../lib/figure-format.ts';
import { ChartSuspense } from '../../../components/chart-suspense.tsx';
import { builderTexts } from '../builder-texts.ts';
import type { MixStatistics } from '../mix/mix-figures.ts';

// The chart library is a large chunk: the figures paint first and the chart follows.
const FrontierChart = lazy(async () => ({ default: (await import('./frontier-chart.tsx')).FrontierChart }));

const chartHeight = 300;
const pointText = (point: RiskPoint) => builderTexts.riskPoint(plainFraction(point.expected_return), plainFraction(point.volatility));

type Props = { kind: ModelTargetKind; mix: MixStatistics; frontier: RiskPoint[]; current: RiskPoint | null };

/** The efficient frontier of the rows being weighed, with the mix on it; the caption says the same in words. */
export function FrontierPanel({ kind, mix, frontier, current }: Props) {
  const singles = mix.symbols.map((symbol, index) => ({
    symbol,
    expected_return: mix.statistics.expected[index]!,
    volatility: mix.statistics.volatility[index]!,
  }));
  const caption = builderTexts.frontierCaption(
    builderTexts.frontierOf[kind],
    pointText(frontier[0]!),
    pointText(frontier.at(-1)!),
    current && pointText(current),
  );
  return (
    <Paper variant="outlined" component="section" aria-labelledby="builder-frontier-heading" sx={{ p: 2, mb: 2, minWidth: 0 }}>
      <Typography variant="h6" component="h2" id="builder-frontier-heading" sx={{ mb: 1 }}>
        {builderTexts.frontierHeading}
      </Typography>
      <figure style={{ margin: 0 }}>
        <ChartSuspense height={chartHeight}>
          <FrontierChart
            frontier={frontier}
            singles={singles}
            mix={current}
            singlesLabel={builderTexts.singles[kind]}
            height={chartHeight}
          />
        </ChartSuspense>
        <Typography component="figcaption" variant="body2" color="text.secondary" data-testid="frontier-caption" sx={{ mt: 1 }}>
          {caption}
        </Typography>
      </figure>
    </Paper>
  );
}
