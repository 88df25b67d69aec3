import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import type { TemplateDetail } from '@meridian/domain/assessments/contracts';
import { CompactTable, type CompactColumn } from '../../../components/compact-table.tsx';
import { assessmentTexts as text } from '../assessment-texts.ts';

const DistributionChart = lazy(async () => ({ default: (await import('./distribution-chart.tsx')).DistributionChart }));

const columns: CompactColumn[] = [{ label: `${text.scoreBand} (%)` }, { label: text.responsesCount, align: 'right' }];

type Props = { statistics: TemplateDetail['statistics']; name: string };

/**
 * How the total scores of the complete responses spread: a bar chart, named and described for
 * assistive technology, with its figures in a table beside it (the chart's text alternative).
 */
export function ScoreDistribution({ statistics, name }: Props) {
  if (statistics.complete === 0) return <Typography color="text.secondary">{text.noResponses}</Typography>;
  const bins = statistics.distribution;
  const summary = bins.map((bin) => `${bin.from}–${bin.to}: ${bin.count}`).join(', ');
  return (
    <>
      <Typography variant="body2" color="text.secondary" id="distribution-help" sx={{ mb: 1 }}>
        {text.distributionHelp(statistics.complete)}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <Box
          role="img"
          aria-label={`${text.distribution}: ${summary}`}
          aria-describedby="distribution-help"
          sx={{ flex: '2 1 300px', minWidth: 0 }}
          data-testid="distribution-chart"
        >
          <Suspense fallback={<Box sx={{ height: 240 }} />}>
            <DistributionChart bins={bins} />
          </Suspense>
        </Box>
        <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
          <CompactTable label={`${text.distribution}: ${name}`} columns={columns}>
            {bins.map((bin) => (
              <TableRow key={bin.from} data-testid={`distribution-row-${bin.from}`}>
                <TableCell>{`${bin.from}–${bin.to}`}</TableCell>
                <TableCell align="right">{bin.count}</TableCell>
              </TableRow>
            ))}
          </CompactTable>
        </Box>
      </Box>
    </>
  );
}
