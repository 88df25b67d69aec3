import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { IpqResults } from '@meridian/domain/ipq/contracts';
import { riskBandLabels } from '@meridian/domain/model-portfolios/contracts';
import { ipqTexts as text } from '../ipq-texts.ts';
import { ResultsSection } from './results-section.tsx';

type Props = { prediction: IpqResults['prediction']; model: IpqResults['recommended_model'] };

const percent = (value: number) => `${Math.round(value * 10) / 10}%`;

/** How far today's share is from the advice, in words: "4 points more than recommended". */
function gapText(gap: number | null): string {
  if (gap === null) return 'Not known: no investments were given';
  if (Math.abs(gap) < 0.05) return 'None: as recommended';
  return `${Math.abs(gap)} points ${gap > 0 ? 'more' : 'less'} than recommended`;
}

/** The share of stocks advised against today's, the glide path's cap, and the model that holds it. */
export function PredictionSummary({ prediction, model }: Props) {
  const bars = [
    { label: 'Recommended', value: prediction.recommended_equity_share },
    ...(prediction.current_equity_share === null ? [] : [{ label: 'Today', value: prediction.current_equity_share }]),
  ];
  const rows: [label: string, value: string, testId: string][] = [
    ['Recommended share in stocks', percent(prediction.recommended_equity_share), 'recommended-share'],
    ['Share in stocks today', prediction.current_equity_share === null ? '—' : percent(prediction.current_equity_share), 'current-share'],
    ['Gap', gapText(prediction.equity_gap), 'equity-gap'],
    ['Share the profile allows', percent(prediction.base_equity_share), 'base-share'],
    ['Glide-path cap (horizon)', percent(prediction.glide_path_cap), 'glide-path-cap'],
    ['Recommended band', riskBandLabels[prediction.recommended_band], 'recommended-band'],
    ['Recommended model', model?.name ?? text.noModel, 'recommended-model'],
  ];
  return (
    <ResultsSection title={text.prediction} testId="ipq-prediction">
      <Box sx={{ display: 'grid', gap: 1, mb: 2 }} aria-hidden>
        {bars.map((bar) => (
          <Box key={bar.label}>
            <Typography variant="caption" color="text.secondary">
              {bar.label}: {percent(bar.value)} in stocks
            </Typography>
            <LinearProgress
              variant="determinate"
              value={bar.value}
              color={bar.label === 'Today' ? 'inherit' : 'primary'}
              sx={{ height: 8, borderRadius: 4 }}
            />
          </Box>
        ))}
      </Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', columnGap: 2, rowGap: 0.75 }}>
        {rows.map(([label, value, testId]) => (
          <Box key={testId} sx={{ display: 'contents' }} data-testid={testId}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </ResultsSection>
  );
}
