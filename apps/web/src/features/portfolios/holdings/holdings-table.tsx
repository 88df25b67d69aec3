import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatDollars } from '@meridian/domain/shared/format';
import type { Holding } from '@meridian/domain/portfolios/contracts';
import { SignedValue } from '../../../components/signed-value.tsx';
import { SimulatedChip } from '../../../components/simulated-chip.tsx';
import { formatQuantity } from '../../../lib/format-quantity.ts';

const columns = [
  ['Security', 'left'],
  ['Sector', 'left'],
  ['Quantity', 'right'],
  ['Average cost', 'right'],
  ['Last close', 'right'],
  ['Market value', 'right'],
  ['Gain/loss', 'right'],
  ['Gain/loss %', 'right'],
  ['Allocation', 'right'],
] as const;

type Props = {
  holdings: Holding[];
  readOnly: boolean;
  onAdd: () => void;
  onEdit: (holding: Holding) => void;
  onRemove: (holding: Holding) => void;
};

/** The portfolio's positions at the latest close; a simulated close says so. */
export function HoldingsTable({ holdings, readOnly, onAdd, onEdit, onRemove }: Props) {
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', p: 2, gap: 2 }}>
        <Typography variant="h6" component="h2" id="holdings-heading" sx={{ flexGrow: 1 }}>
          Holdings
        </Typography>
        {!readOnly && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
            Add Holding
          </Button>
        )}
      </Box>
      {holdings.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 3 }} data-testid="holdings-empty">
          No holdings yet. Add one to buy a security at its latest close.
        </Typography>
      ) : (
        <TableContainer>
          <Table
            size="small"
            aria-labelledby="holdings-heading"
            sx={{ '& td, & th': { px: 1 }, '& td:first-of-type, & th:first-of-type': { pl: 2 } }}
          >
            <TableHead>
              <TableRow>
                {columns.map(([label, align]) => (
                  <TableCell key={label} align={align} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                    {label}
                  </TableCell>
                ))}
                {!readOnly && (
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    Actions
                  </TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {holdings.map((holding) => (
                <TableRow key={holding.id} hover data-testid={`holding-row-${holding.security.symbol}`}>
                  <TableCell sx={{ maxWidth: 160 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {holding.security.symbol}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" noWrap component="div" title={holding.security.name}>
                      {holding.security.name}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ minWidth: 110 }}>{holding.security.sector}</TableCell>
                  <TableCell align="right">{formatQuantity(holding.quantity)}</TableCell>
                  <TableCell align="right">{formatDollars(holding.average_cost)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {holding.last_close === null ? '–' : formatDollars(holding.last_close)}
                    {holding.price_source === 'simulated' && (
                      <Box sx={{ mt: 0.25 }}>
                        <SimulatedChip />
                      </Box>
                    )}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
                    {formatDollars(holding.market_value)}
                  </TableCell>
                  <TableCell align="right">
                    <SignedValue value={holding.gain_loss} kind="dollars" />
                  </TableCell>
                  <TableCell align="right">
                    <SignedValue value={holding.gain_loss_percent} kind="percent" />
                  </TableCell>
                  <TableCell align="right">{holding.allocation_percent.toFixed(2)}%</TableCell>
                  {!readOnly && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Tooltip title="Change quantity">
                        <IconButton
                          size="small"
                          aria-label={`Change quantity of ${holding.security.symbol}`}
                          onClick={() => onEdit(holding)}
                        >
                          <EditOutlinedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title="Remove">
                        <IconButton size="small" aria-label={`Remove ${holding.security.symbol}`} onClick={() => onRemove(holding)}>
                          <DeleteOutlineIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}
