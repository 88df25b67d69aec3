import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { TemplateDetail } from '@meridian/domain/assessments/contracts';
import { formatShortDate } from '@meridian/domain/shared/format';
import { CompactTable, type CompactColumn } from '../../../components/compact-table.tsx';
import { assessmentTexts as text } from '../assessment-texts.ts';

const columns: CompactColumn[] = [{ label: 'Version' }, { label: text.created }, { label: text.responsesCount, align: 'right' }];

/** Every version of the template, newest first, with the responses assigned to each (they keep their version). */
export function TemplateVersions({ template }: { template: TemplateDetail }) {
  return (
    <CompactTable label={`${text.versions}: ${template.name}`} columns={columns}>
      {template.versions.map((version) => (
        <TableRow key={version.version} data-testid={`version-row-${version.version}`}>
          <TableCell>{version.version === template.current_version ? `${version.version} (current)` : version.version}</TableCell>
          <TableCell>{formatShortDate(version.created_at)}</TableCell>
          <TableCell align="right">{version.responses}</TableCell>
        </TableRow>
      ))}
    </CompactTable>
  );
}
