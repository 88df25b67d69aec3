import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { IpqResults } from '@meridian/domain/ipq/contracts';
import { ResultsSection } from './results-section.tsx';

type FactorScore = IpqResults['prediction']['risk_tolerance'];

type Props = { title: string; hint: string; score: FactorScore; testId: string };

/** Points a factor moves the score from the neutral 50: "+7.5", "−3", "0". */
const signedPoints = (points: number) => {
  const rounded = Math.round(points * 10) / 10;
  return rounded > 0 ? `+${rounded}` : rounded < 0 ? `−${Math.abs(rounded)}` : '0';
};

/** A 0-100 score and every factor behind it: how far it moved the score, and why. */
export function ScoreBreakdown({ title, hint, score, testId }: Props) {
  const value = Math.round(score.score);
  return (
    <ResultsSection title={title} testId={testId}>
      <Typography variant="body2" color="text.secondary">
        {hint}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 0.5, mt: 1 }}>
        <Typography variant="h3" component="p" data-testid={`${testId}-score`}>
          {value}
        </Typography>
        <Typography color="text.secondary">/ 100</Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={value}
        aria-label={`${title}: ${value} out of 100`}
        sx={{ height: 8, borderRadius: 4, mb: 2 }}
      />
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {score.factors.map((factor) => (
          <Box component="li" key={factor.key} data-testid={`factor-${factor.key}`}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              <Typography variant="subtitle2" component="span">
                {factor.label}
              </Typography>
              <Typography
                variant="subtitle2"
                component="span"
                color={factor.points > 0.05 ? 'success.main' : factor.points < -0.05 ? 'error.main' : 'text.secondary'}
                sx={{ whiteSpace: 'nowrap' }}
              >
                {signedPoints(factor.points)} points
              </Typography>
            </Box>
            <Typography variant="body2" color="text.secondary">
              {factor.explanation}
            </Typography>
          </Box>
        ))}
      </Box>
    </ResultsSection>
  );
}
