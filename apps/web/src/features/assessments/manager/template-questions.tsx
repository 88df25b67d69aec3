import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TemplateDefinition, TemplateQuestion } from '@meridian/domain/assessments/template-definition';
import { formatPoints, assessmentTexts as text } from '../assessment-texts.ts';
import { firstQuestionNumbers } from '../question-numbers.ts';

/** What a question asks beyond its text: its type, required, weight, and its options, scale or unit. */
function questionDetails(question: TemplateQuestion): string {
  const parts: string[] = [text.typeLabels[question.type]];
  if (question.required) parts.push('required');
  if (question.type !== 'number' && question.type !== 'text') parts.push(text.weight(question.weight));
  if (question.type === 'scale') {
    const { min, max, min_label, max_label, reverse } = question.scale;
    parts.push(`${min}${min_label ? ` (${min_label})` : ''} to ${max}${max_label ? ` (${max_label})` : ''}`);
    if (reverse) parts.push(text.reverse);
  }
  if (question.type === 'number' && question.number) {
    const { min, max, unit } = question.number;
    const range = text.numberRange(min, max).trim();
    if (range) parts.push(range.toLowerCase());
    if (unit) parts.push(`in ${unit}`);
  }
  return parts.join(' · ');
}

/** The current version's questions, read only: sections in order, each question with its settings and options' scores. */
export function TemplateQuestions({ definition }: { definition: TemplateDefinition }) {
  const firstNumbers = firstQuestionNumbers(definition.sections);
  return (
    <>
      {definition.sections.map((section, sectionIndex) => (
        <Box key={section.key} component="section" aria-labelledby={`questions-${section.key}`} sx={{ mb: 2 }}>
          <Typography variant="subtitle1" component="h4" id={`questions-${section.key}`} sx={{ fontWeight: 500 }}>
            {section.title}
          </Typography>
          {section.description && (
            <Typography variant="body2" color="text.secondary">
              {section.description}
            </Typography>
          )}
          <Box component="ol" sx={{ pl: 0, m: 0, listStyle: 'none' }}>
            {section.questions.map((question, questionIndex) => {
              const number = (firstNumbers[sectionIndex] ?? 1) + questionIndex;
              return (
                <Box
                  component="li"
                  key={question.key}
                  sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}
                  data-testid={`template-question-${question.key}`}
                >
                  <Typography>{`${number}. ${question.text}`}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {questionDetails(question)}
                  </Typography>
                  {(question.type === 'single_choice' || question.type === 'multiple_choice') && (
                    <Box component="ul" sx={{ m: 0, pl: 3 }}>
                      {question.options.map((option) => (
                        <Typography component="li" variant="body2" key={option.value}>
                          {`${option.label} (${formatPoints(option.score)} ${Math.abs(option.score) === 1 ? 'point' : 'points'})`}
                        </Typography>
                      ))}
                    </Box>
                  )}
                </Box>
              );
            })}
          </Box>
        </Box>
      ))}
    </>
  );
}
