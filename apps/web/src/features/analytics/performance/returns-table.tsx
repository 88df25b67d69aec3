import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatShortDate } from '@meridian/domain/shared/format';
import type { PeriodReturn } from '@meridian/domain/analytics/contracts';
import { SignedValue } from '../../../components/signed-value.tsx';
import { noFigure } from '../../../lib/figure-format.ts';
import { ScrollableTable } from '../../../components/scrollable-table.tsx';

/** A fraction as a signed, coloured percentage; '—' when there is none. */
function Signed({ value }: { value: number | null }) {
  return value === null ? <>{noFigure}</> : <SignedValue value={value * 100} kind="percent" />;
}

/** Every period's returns; a period longer than the portfolio's life says so. */
export function ReturnsTable({ returns, inception }: { returns: PeriodReturn[]; inception: string | null }) {
  return (
    <ScrollableTable label="Returns by period">
      <Table size="small" aria-label="Returns by period">
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 600 }}>Period</TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              TWR
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
              TWR p.a.
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
              MWR p.a.
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              Benchmark
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {returns.map((row) => (
            <TableRow key={row.period} data-testid={`return-row-${row.period}`}>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {row.period}
                </Typography>
                {!row.complete && (
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    sx={{ display: 'block', whiteSpace: 'nowrap' }}
                    data-testid={`return-note-${row.period}`}
                  >
                    {`since inception ${inception ?? row.start_date}`}
                  </Typography>
                )}
                <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
                  {`${formatShortDate(row.start_date)} – ${formatShortDate(row.end_date)}`}
                </Typography>
              </TableCell>
              <TableCell align="right">
                <Signed value={row.twr} />
              </TableCell>
              <TableCell align="right">
                <Signed value={row.twr_annualised} />
              </TableCell>
              <TableCell align="right">
                <Signed value={row.mwr} />
              </TableCell>
              <TableCell align="right">
                <Signed value={row.benchmark_return} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollableTable>
  );
}
