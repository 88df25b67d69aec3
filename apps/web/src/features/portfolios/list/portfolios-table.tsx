import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { RecordRow } from '../../../components/record-row.tsx';
import { TextLink } from '../../../components/text-link.tsx';
import { formatDollars } from '@meridian/domain/shared/format';
import { accountTypeLabels, type Portfolio, type PortfolioSortField } from '@meridian/domain/portfolios/contracts';
import { SignedValue } from '../../../components/signed-value.tsx';
import { StatusChip } from '../status-chip.tsx';

type Column = { field: PortfolioSortField | null; label: string; numeric?: boolean };

const columns: Column[] = [
  { field: 'name', label: 'Portfolio' },
  { field: 'client_name', label: 'Client' },
  { field: 'account_type', label: 'Account type' },
  { field: 'status', label: 'Status' },
  { field: 'total_value', label: 'Total value', numeric: true },
  { field: 'gain_loss', label: 'Gain/loss', numeric: true },
  { field: 'gain_loss_percent', label: 'Gain/loss %', numeric: true },
  { field: null, label: 'Holdings', numeric: true },
];

type Props = {
  portfolios: Portfolio[];
  sort: PortfolioSortField;
  order: 'asc' | 'desc';
  onSort: (field: PortfolioSortField) => void;
};

/** One row per portfolio: its name (or a click on the row) opens it, the client's name opens the client's profile. */
export function PortfoliosTable({ portfolios, sort, order, onSort }: Props) {
  return (
    <TableContainer>
      <Table
        size="small"
        aria-label="Portfolios"
        sx={{
          '& td, & th': { px: 1 },
          '& td:first-of-type, & th:first-of-type': { pl: 2 },
          '& td:last-of-type, & th:last-of-type': { pr: 2 },
        }}
      >
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell
                key={column.label}
                align={column.numeric ? 'right' : 'left'}
                sortDirection={column.field === sort ? order : false}
                sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
              >
                {column.field ? (
                  <TableSortLabel
                    active={column.field === sort}
                    direction={column.field === sort ? order : 'asc'}
                    onClick={() => onSort(column.field!)}
                  >
                    {column.label}
                  </TableSortLabel>
                ) : (
                  column.label
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {portfolios.map((portfolio) => (
            <RecordRow key={portfolio.id} to={`/portfolios/${portfolio.id}`} data-testid={`portfolio-row-${portfolio.id}`}>
              <TableCell sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
                <TextLink to={`/portfolios/${portfolio.id}`}>{portfolio.name}</TextLink>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <TextLink to={`/clients/${portfolio.client_id}/profile`} inherit>
                  {portfolio.client_name}
                </TextLink>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{accountTypeLabels[portfolio.account_type]}</TableCell>
              <TableCell>
                <StatusChip status={portfolio.status} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}>
                {formatDollars(portfolio.total_value)}
              </TableCell>
              <TableCell align="right">
                <SignedValue value={portfolio.gain_loss} kind="dollars" />
              </TableCell>
              <TableCell align="right">
                <SignedValue value={portfolio.gain_loss_percent} kind="percent" />
              </TableCell>
              <TableCell align="right">{portfolio.holdings_count}</TableCell>
            </RecordRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
