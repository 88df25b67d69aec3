import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { isScored } from '@meridian/domain/assessments/answers';
import type { TemplateDetail } from '@meridian/domain/assessments/contracts';
import { alphaLabel } from '@meridian/domain/assessments/reliability';
import type { TemplateDefinition, TemplateSection } from '@meridian/domain/assessments/template-definition';
import { CompactTable, type CompactColumn } from '../../../components/compact-table.tsx';
import { assessmentTexts as text } from '../assessment-texts.ts';

type Props = { definition: TemplateDefinition; statistics: TemplateDetail['statistics']; name: string };

const columns: CompactColumn[] = [
  { label: 'Section' },
  { label: 'Items', align: 'right' },
  { label: 'Alpha', align: 'right' },
  { label: 'Reading' },
];

type Reading = { alpha: string; reading: string };

/** A section's alpha and its label, or why there is none yet. */
function readingOf(section: TemplateSection, statistics: TemplateDetail['statistics']): Reading {
  if (section.questions.filter(isScored).length < 2) return { alpha: '—', reading: text.needsItems };
  if (statistics.complete < statistics.minimum)
    return { alpha: '—', reading: text.needsResponses(statistics.minimum, statistics.complete) };
  const found = statistics.reliability.find((entry) => entry.section_key === section.key);
  if (!found || found.alpha === null) return { alpha: '—', reading: text.alphaUndefined };
  return { alpha: found.alpha.toFixed(2), reading: `${found.label ?? alphaLabel(found.alpha)} · ${text.respondents(found.respondents)}` };
}

/**
 * Cronbach's alpha of each section over the complete responses to the current version, with George
 * and Mallery's label (Excellent … Unacceptable); until there are enough responses, how many more.
 */
export function ReliabilityTable({ definition, statistics, name }: Props) {
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {text.reliabilityHelp}
      </Typography>
      <CompactTable label={`${text.reliability}: ${name}`} columns={columns}>
        {definition.sections.map((section) => {
          const { alpha, reading } = readingOf(section, statistics);
          return (
            <TableRow key={section.key} data-testid={`reliability-${section.key}`}>
              <TableCell>{section.title}</TableCell>
              <TableCell align="right">{section.questions.filter(isScored).length}</TableCell>
              <TableCell align="right">{alpha}</TableCell>
              <TableCell data-testid="reliability-reading">{reading}</TableCell>
            </TableRow>
          );
        })}
      </CompactTable>
    </>
  );
}
