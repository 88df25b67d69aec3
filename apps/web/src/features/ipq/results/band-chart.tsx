import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { bandUpperScores } from '@meridian/domain/ipq/scoring';
import { riskBandLabels, riskBands, type RiskBand } from '@meridian/domain/model-portfolios/contracts';
import { ipqTexts as text } from '../ipq-texts.ts';
import { ResultsSection } from './results-section.tsx';

/** Cool to warm, the least risk to the most; the names below carry the meaning. */
const colours: Record<RiskBand, string> = {
  conservative: '#90caf9',
  moderately_conservative: '#80cbc4',
  moderate: '#a5d6a7',
  moderately_aggressive: '#ffcc80',
  aggressive: '#ef9a9a',
};
const edges = [0, ...bandUpperScores, 100];
const bands = riskBands.map((band, index) => ({ band, low: edges[index]!, high: edges[index + 1]! }));
const exact = { printColorAdjust: 'exact', WebkitPrintColorAdjust: 'exact' } as const;

type Props = {
  /** The profile score, 0-100, and its band. */
  score: number;
  band: RiskBand;
  /** Which of the two scores set the profile (the lower). */
  limitedBy: 'tolerance' | 'capacity';
  recommended: RiskBand;
  /** Null while the client is not assessed. */
  current: RiskBand | null;
};

/** The label of a band in the legend: which of the client's bands it is. */
function roles(band: RiskBand, { band: profile, recommended, current }: Props) {
  return [band === profile && 'profile', band === recommended && 'recommended', band === current && 'current'].filter(Boolean).join(', ');
}

/**
 * The profile (the lower of tolerance and capacity) and the five bands on its 0-100 score with the
 * client's score marked. The drawing is one
 * image named by what it shows; the legend under it lists the bands and their ranges as text.
 */
export function BandChart(props: Props) {
  const value = Math.round(props.score);
  const own = bands.find((each) => each.band === props.band)!;
  const at = `${Math.min(98, Math.max(2, value))}%`;
  return (
    <ResultsSection title={text.profile} testId="band-chart">
      <Typography data-testid="profile-summary">
        <strong>
          {value} out of 100: {riskBandLabels[props.band]}
        </strong>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {text.limitedBy(props.limitedBy)}
      </Typography>
      <Box
        role="img"
        aria-label={`Risk profile ${value} out of 100, in the ${riskBandLabels[props.band].toLowerCase()} band (${own.low} to ${own.high}).`}
        sx={{ position: 'relative', pt: 4, mb: 1 }}
      >
        <Box sx={{ position: 'absolute', top: 0, left: at, transform: 'translateX(-50%)', textAlign: 'center', lineHeight: 1 }}>
          <Typography variant="subtitle2" component="span" sx={{ display: 'block', lineHeight: 1.2 }}>
            {value}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', height: 24, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
          {bands.map((each) => (
            <Box key={each.band} sx={{ width: `${each.high - each.low}%`, bgcolor: colours[each.band], ...exact }} />
          ))}
        </Box>
        <Box sx={{ position: 'absolute', top: 20, bottom: 14, left: at, width: 3, ml: '-1.5px', bgcolor: 'text.primary', ...exact }} />
        <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 0.5 }}>
          {edges.map((edge) => (
            <Typography key={edge} variant="caption" color="text.secondary">
              {edge}
            </Typography>
          ))}
        </Box>
      </Box>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
        {bands.map((each) => {
          const marks = roles(each.band, props);
          return (
            <Box
              component="li"
              key={each.band}
              data-testid={`band-${each.band}`}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: each.band === props.band ? 600 : 400 }}
            >
              <Box
                component="span"
                sx={{
                  width: 12,
                  height: 12,
                  flexShrink: 0,
                  borderRadius: '2px',
                  bgcolor: colours[each.band],
                  border: 1,
                  borderColor: 'divider',
                  ...exact,
                }}
              />
              <Typography variant="body2" component="span" sx={{ fontWeight: 'inherit' }}>
                {riskBandLabels[each.band]} ({each.low}–{each.high}){marks && `: ${marks}`}
              </Typography>
            </Box>
          );
        })}
      </Box>
    </ResultsSection>
  );
}
