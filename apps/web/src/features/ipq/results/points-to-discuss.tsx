import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ipqTexts as text } from '../ipq-texts.ts';

/** Answers the scores did not take at face value (an unrealistic return, contradicting 50/50 choices), for the advisor to raise. */
export function PointsToDiscuss({ points }: { points: readonly string[] }) {
  if (points.length === 0) return null;
  return (
    <Alert
      severity="warning"
      variant="outlined"
      data-testid="points-to-discuss"
      component="section"
      aria-labelledby="points-to-discuss-heading"
    >
      <Typography variant="subtitle1" component="h2" id="points-to-discuss-heading" sx={{ fontWeight: 500 }}>
        {text.pointsToDiscuss}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
        {points.map((point) => (
          <Typography component="li" variant="body2" key={point}>
            {point}
          </Typography>
        ))}
      </Box>
    </Alert>
  );
}
