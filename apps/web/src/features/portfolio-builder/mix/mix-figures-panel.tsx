import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { riskBandLabels, riskBands, type RiskBand } from '@meridian/domain/model-portfolios/contracts';
import { plainFraction, ratio } from '../../../lib/figure-format.ts';
import { builderTexts } from '../builder-texts.ts';
import type { MixFigures } from './mix-figures.ts';

type Props = {
  totalPercent: number;
  /** The weights add up to 100 % and are all valid. */
  complete: boolean;
  figures: MixFigures | null;
  loading: boolean;
  /** Why there are no figures (a failed request), if that is the case. */
  problem: string | null;
  /** Where the statistics come from. */
  note: string | null;
  onScale: () => void;
  band: RiskBand;
  onBandChange: (band: RiskBand) => void;
  /** Absent while there is nothing to optimise. */
  onOptimise?: (() => void) | undefined;
};

/** Total weight, expected return, volatility and Sharpe ratio of the mix, with "Scale to 100 %" and "Optimise for the band". */
export function MixFiguresPanel({
  totalPercent,
  complete,
  figures,
  loading,
  problem,
  note,
  onScale,
  band,
  onBandChange,
  onOptimise,
}: Props) {
  const rows: Array<[string, string, string]> = [
    ['figure-total', builderTexts.totalWeight, `${totalPercent.toFixed(2)} %`],
    ['figure-expected-return', builderTexts.expectedReturn, plainFraction(figures?.expectedReturn)],
    ['figure-volatility', builderTexts.volatility, plainFraction(figures?.volatility)],
    ['figure-sharpe', builderTexts.sharpe, ratio(figures?.sharpe)],
  ];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="builder-figures-heading" sx={{ p: 2, mb: 2 }}>
      <Typography variant="h6" component="h2" id="builder-figures-heading" sx={{ mb: 1 }}>
        {builderTexts.figuresHeading}
      </Typography>
      <LinearProgress aria-label={builderTexts.loadingFigures} sx={{ mb: 1, visibility: loading ? 'visible' : 'hidden' }} />
      {problem && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2, m: 0 }}>
        {rows.map(([testId, label, value]) => (
          <div key={testId}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography
              component="dd"
              variant="h5"
              data-testid={testId}
              sx={{ m: 0, fontWeight: 500, color: testId === 'figure-total' && !complete ? 'error.main' : undefined }}
            >
              {value}
            </Typography>
          </div>
        ))}
      </Box>
      {!complete && (
        <Typography variant="body2" color="error" sx={{ mt: 1 }}>
          {builderTexts.mustReach100}
        </Typography>
      )}
      {note && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {note}{' '}
          <Link component={RouterLink} to="/capital-market-assumptions">
            {builderTexts.assumptionsLink}
          </Link>
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mt: 2 }}>
        <Button variant="outlined" onClick={onScale} disabled={complete || totalPercent <= 0}>
          {builderTexts.scale}
        </Button>
        <TextField
          select
          size="small"
          id="builder-optimise-band"
          label={builderTexts.optimiseBand}
          value={band}
          onChange={(event) => onBandChange(event.target.value as RiskBand)}
          sx={{ flex: '1 1 12rem', minWidth: 0 }}
        >
          {riskBands.map((value) => (
            <MenuItem key={value} value={value}>
              {riskBandLabels[value]}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" onClick={onOptimise} disabled={!onOptimise}>
          {builderTexts.optimise}
        </Button>
      </Box>
    </Paper>
  );
}
