import { useTheme } from '@mui/material/styles';
import { ScatterChart } from '@mui/x-charts/ScatterChart';
import type { RiskPoint } from '@meridian/domain/recommendations/contracts';
import { chartMargin, valueAxis, yValueAxis } from '../../../lib/chart-axes.ts';
import { plainFraction } from '../../../lib/figure-format.ts';
import { builderTexts } from '../builder-texts.ts';

type Props = {
  frontier: RiskPoint[];
  /** Each row alone (its fund's figures, for an asset class). */
  singles: Array<RiskPoint & { symbol: string }>;
  mix: RiskPoint | null;
  /** What the points of the rows alone are called. */
  singlesLabel: string;
  height?: number;
};

const point = ({ volatility, expected_return }: RiskPoint) => ({ x: volatility, y: expected_return });
const pointText = (value: { x: number; y: number } | null) =>
  value ? builderTexts.riskPoint(plainFraction(value.y), plainFraction(value.x)) : '';

/**
 * Expected return against volatility: the efficient frontier as a line of points, each row alone,
 * and the mix being built. In its own chunk (the page loads it with React.lazy), so the
 * figures paint before the chart library arrives.
 */
export function FrontierChart({ frontier, singles, mix, singlesLabel, height = 300 }: Props) {
  const theme = useTheme();
  const points = [...frontier, ...singles, ...(mix ? [mix] : [])];
  const xAxis = valueAxis(
    points.map((risk) => risk.volatility),
    'percent',
  );
  return (
    <ScatterChart
      height={height}
      margin={chartMargin(xAxis)}
      xAxis={[{ label: builderTexts.volatility, ...xAxis }]}
      yAxis={[
        {
          label: builderTexts.expectedReturn,
          ...yValueAxis(
            points.map((risk) => risk.expected_return),
            'percent',
          ),
        },
      ]}
      series={[
        {
          id: 'frontier',
          label: builderTexts.frontierHeading,
          data: frontier.map(point),
          markerSize: 3,
          color: theme.palette.primary.main,
          valueFormatter: pointText,
        },
        {
          id: 'singles',
          label: singlesLabel,
          data: singles.map(point),
          markerSize: 5,
          color: theme.palette.grey[600],
          valueFormatter: (value, { dataIndex }) => `${singles[dataIndex]?.symbol ?? ''}: ${pointText(value)}`,
        },
        {
          id: 'mix',
          label: builderTexts.mixSeries,
          data: mix ? [point(mix)] : [],
          markerSize: 9,
          color: theme.palette.secondary.main,
          valueFormatter: pointText,
        },
      ]}
    />
  );
}
