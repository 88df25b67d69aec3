import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SectionScore } from '@meridian/domain/assessments/answers';
import type { TemplateSection } from '@meridian/domain/assessments/template-definition';
import { assessmentTexts as text } from '../assessment-texts.ts';
import { answerText } from './answer-text.ts';

type Props = {
  section: TemplateSection;
  score: SectionScore | undefined;
  answers: Record<string, unknown>;
  /** The number of the section's first question. */
  firstNumber: number;
};

/** "7 / 10 (70%)", or that nothing in it was scored. */
export const scoreLine = (score: { score: number; max: number; percent: number | null } | undefined) =>
  score && score.percent !== null ? `${text.scoreOf(score.score, score.max)} (${text.scorePercent(score.percent)})` : text.notScored;

/** One section of a completed assessment: its score, then each question with the answer given. */
export function SectionResult({ section, score, answers, firstNumber }: Props) {
  const headingId = `result-section-${section.key}`;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}
      data-testid={`section-result-${section.key}`}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'baseline', gap: 1, mb: 1 }}>
        <Typography variant="h6" component="h2" id={headingId}>
          {section.title}
        </Typography>
        <Typography sx={{ fontWeight: 500 }} data-testid="section-score">
          {`${text.sectionScore}: ${scoreLine(score)}`}
        </Typography>
      </Box>
      <Box component="dl" sx={{ m: 0 }}>
        {section.questions.map((question, index) => (
          <Box key={question.key} sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {`${firstNumber + index}. ${question.text}`}
            </Typography>
            <Typography
              component="dd"
              sx={{ m: 0, fontWeight: 500, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              data-testid={`answer-${question.key}`}
            >
              {answerText(question, Object.hasOwn(answers, question.key) ? answers[question.key] : undefined)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
