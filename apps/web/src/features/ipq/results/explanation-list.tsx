import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ipqTexts as text } from '../ipq-texts.ts';
import { ResultsSection } from './results-section.tsx';

/** Every reason for the result in plain words, the largest effect first. */
export function ExplanationList({ sentences }: { sentences: readonly string[] }) {
  return (
    <ResultsSection title={text.explanation} testId="ipq-explanation">
      <Box component="ol" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.75 }}>
        {sentences.map((sentence) => (
          <Typography component="li" variant="body2" key={sentence}>
            {sentence}
          </Typography>
        ))}
      </Box>
    </ResultsSection>
  );
}
