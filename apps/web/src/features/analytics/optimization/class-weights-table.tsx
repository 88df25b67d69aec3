import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { marketClassLabels, stocksLabel, stockClasses } from '@meridian/domain/optimization/capital-markets';
import type { Optimization } from '@meridian/domain/recommendations/contracts';
import { ScrollableTable } from '../../../components/scrollable-table.tsx';
import { plainFraction } from '../../../lib/figure-format.ts';

/** A band's range as the table shows it: '20.00%–45.00%', or '—' for a class the band leaves open. */
const rangeText = (min: number, max: number) => (min <= 0 && max >= 1 ? 'any' : `${plainFraction(min)}–${plainFraction(max)}`);

/**
 * The optimum by market class: the firm's assumed return, the client's band's range, and the class's
 * weight now and at the optimum (cash held in the account is not a class here: the optimum is fully invested).
 */
export function ClassWeightsTable({ optimization }: { optimization: Optimization }) {
  const rows = optimization.classes.filter((row) => row.current_weight >= 0.0005 || row.optimal_weight >= 0.0005 || row.min_weight > 0);
  const stocks = (pick: 'current_weight' | 'optimal_weight') =>
    optimization.classes.filter((row) => stockClasses.includes(row.market_class)).reduce((sum, row) => sum + row[pick], 0);
  const label = 'Asset classes now and at the optimum, with the band’s ranges';
  return (
    <ScrollableTable label={label}>
      <Table size="small" aria-label={label} data-testid="optimization-classes" sx={{ mb: 2 }}>
        <TableHead>
          <TableRow>
            <TableCell>Asset class</TableCell>
            <TableCell align="right">Assumed return</TableCell>
            <TableCell align="right">Band range</TableCell>
            <TableCell align="right">Now</TableCell>
            <TableCell align="right">Optimal</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.market_class}>
              <TableCell component="th" scope="row">
                {marketClassLabels[row.market_class]}
              </TableCell>
              <TableCell align="right">{plainFraction(row.expected_return)}</TableCell>
              <TableCell align="right">{rangeText(row.min_weight, row.max_weight)}</TableCell>
              <TableCell align="right">{plainFraction(row.current_weight)}</TableCell>
              <TableCell align="right">{plainFraction(row.optimal_weight)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell component="th" scope="row">
              {stocksLabel}
            </TableCell>
            <TableCell />
            <TableCell align="right">{rangeText(optimization.stocks_range.min, optimization.stocks_range.max)}</TableCell>
            <TableCell align="right">{plainFraction(stocks('current_weight'))}</TableCell>
            <TableCell align="right">{plainFraction(stocks('optimal_weight'))}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </ScrollableTable>
  );
}
