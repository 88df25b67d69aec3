import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import type { DistributionBin } from '@meridian/domain/assessments/reliability';
import { categoryAxis, yValueAxis } from '../../../lib/chart-axes.ts';
import { assessmentTexts as text } from '../assessment-texts.ts';

/** "30–40" for a band of total-score percentages. */
export const bandLabel = (bin: DistributionBin) => `${bin.from}–${bin.to}`;

/**
 * The score distribution as bars, one per band of 10 points. In its own chunk (the statistics load
 * it with React.lazy), so the figures' table paints before the chart library arrives.
 */
export function DistributionChart({ bins, height = 240 }: { bins: DistributionBin[]; height?: number }) {
  const theme = useTheme();
  return (
    <BarChart
      height={height}
      hideLegend
      margin={{ top: 8, right: 8, bottom: 8, left: 0 }}
      xAxis={[
        { ...categoryAxis(bins.map(bandLabel), { scaleType: 'band' }), label: `${text.scoreBand} (%)`, tickLabelStyle: { fontSize: 11 } },
      ]}
      // Bars stand on zero; counts tick in whole steps.
      yAxis={[{ label: text.responsesCount, ...yValueAxis([0, ...bins.map((bin) => bin.count)], 'number', { integers: true }) }]}
      series={[{ data: bins.map((bin) => bin.count), label: text.responsesCount, color: theme.palette.primary.main }]}
    />
  );
}
