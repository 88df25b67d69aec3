import { Fragment } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDollars, formatShortDate } from '@meridian/domain/shared/format';
import type { Lots } from '@meridian/domain/analytics/contracts';
import { CompactTable, type CompactColumn } from '../../../components/compact-table.tsx';
import { hiddenBelow } from '../../../components/hidden-below.ts';
import { SignedValue } from '../../../components/signed-value.tsx';

const methodLabels: Record<Lots['method'], string> = { fifo: 'FIFO', hifo: 'HIFO', mixed: 'each portfolio its own (FIFO and HIFO)' };
const quantity = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });
/** Columns a phone leaves out, so the table fits without losing what matters. */
const wide = hiddenBelow('md');

const openColumns: CompactColumn[] = [
  { label: 'Symbol' },
  { label: 'Acquired', hideBelow: 'md' },
  { label: 'Quantity', align: 'right' },
  { label: 'Cost/share', align: 'right', hideBelow: 'md' },
  { label: 'Cost basis', align: 'right', hideBelow: 'md' },
  { label: 'Market value', align: 'right' },
  { label: 'Unrealised gain', align: 'right' },
  { label: 'Term' },
];

const realizedColumns: CompactColumn[] = [
  { label: 'Symbol' },
  { label: 'Acquired', hideBelow: 'md' },
  { label: 'Sold on' },
  { label: 'Quantity', align: 'right', hideBelow: 'md' },
  { label: 'Cost basis', align: 'right', hideBelow: 'md' },
  { label: 'Proceeds', align: 'right' },
  { label: 'Gain', align: 'right' },
  { label: 'Term' },
];

function TermChip({ term }: { term: 'short' | 'long' }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={term === 'long' ? 'success' : 'default'}
      label={term === 'long' ? 'Long term' : 'Short term'}
    />
  );
}

type OpenLot = Lots['open'][number];
type RealizedLot = Lots['realized'][number];

/** A sale's wash-sale note: the loss disallowed, and where each replaced share's part of it went. */
function realizedWashNote(lot: RealizedLot): string | null {
  if (lot.disallowed_loss <= 0) return null;
  const parts = lot.wash_sales.map((match) =>
    match.basis_added > 0
      ? `added to the basis of the lot bought ${formatShortDate(match.bought_on)}`
      : `not added to any basis: the replacement was bought ${formatShortDate(match.bought_on)} in a tax-advantaged account (IRA)`,
  );
  if (lot.wash_sales.length === 1) return `Wash sale: ${formatDollars(lot.disallowed_loss)} loss disallowed, ${parts[0]}.`;
  const each = lot.wash_sales.map((match, index) => `${formatDollars(match.disallowed_loss)} ${parts[index]}`);
  return `Wash sale: ${formatDollars(lot.disallowed_loss)} loss disallowed: ${each.join('; ')}.`;
}

/** A replacement lot's note: the disallowed loss in its basis and the holding period carried over. */
function openWashNote(lot: OpenLot): string | null {
  const wash = lot.wash_sale;
  if (!wash) return null;
  if (wash.basis_added <= 0)
    return `Wash sale: bought ${formatShortDate(wash.bought_on)} in a tax-advantaged account within 30 days of a sale at a loss on ${formatShortDate(wash.sold_on)}; ${formatDollars(wash.disallowed_loss)} of that loss is disallowed and added to no basis.`;
  return `Wash sale: ${formatDollars(wash.disallowed_loss)} loss disallowed on the sale of ${formatShortDate(wash.sold_on)}, added to this lot's basis; bought ${formatShortDate(wash.bought_on)}, held from ${formatShortDate(lot.acquired_on)} (${wash.days_added} days carried over).`;
}

function NoteRow({ note, testId }: { note: string; testId: string }) {
  return (
    <TableRow data-testid={testId}>
      <TableCell colSpan={8} sx={{ color: 'text.secondary', fontSize: '0.75rem', pt: 0 }}>
        {note}
      </TableCell>
    </TableRow>
  );
}

function Totals({ items }: { items: [string, number][] }) {
  return (
    <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', px: 2, py: 1 }}>
      {items.map(([label, value]) => (
        <Typography key={label} variant="body2" component="p" sx={{ m: 0 }}>
          {`${label}: `}
          <SignedValue value={value} kind="dollars" />
        </Typography>
      ))}
    </Box>
  );
}

/** Open lots with their unrealised gains and the sales of the period, by the firm's lot method. */
export function LotsTables({ lots }: { lots: Lots }) {
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1 }} data-testid="lot-method">
        {`Lot method: ${methodLabels[lots.method]}`}
      </Typography>
      <Typography variant="subtitle1" component="h3" sx={{ px: 2, fontWeight: 500 }}>
        Open lots
      </Typography>
      <CompactTable label="Open lots" columns={openColumns}>
        {lots.open.length === 0 && (
          <TableRow>
            <TableCell colSpan={8} sx={{ color: 'text.secondary' }}>
              No open lots.
            </TableCell>
          </TableRow>
        )}
        {lots.open.map((lot, index) => {
          const note = openWashNote(lot);
          return (
            <Fragment key={`${lot.portfolio_id}-${lot.security_id}-${lot.acquired_on}-${lot.cost_per_share}-${index}`}>
              <TableRow data-testid={`open-lot-${lot.symbol}`}>
                <TableCell sx={{ fontWeight: 500 }} title={lot.name}>
                  {lot.symbol}
                </TableCell>
                <TableCell sx={{ ...wide, whiteSpace: 'nowrap' }}>{formatShortDate(lot.acquired_on)}</TableCell>
                <TableCell align="right">{quantity.format(lot.quantity)}</TableCell>
                <TableCell align="right" sx={wide}>
                  {formatDollars(lot.cost_per_share)}
                </TableCell>
                <TableCell align="right" sx={wide}>
                  {formatDollars(lot.cost_basis)}
                </TableCell>
                <TableCell align="right">{formatDollars(lot.market_value)}</TableCell>
                <TableCell align="right">
                  <SignedValue value={lot.unrealized_gain} kind="dollars" />
                </TableCell>
                <TableCell>
                  <TermChip term={lot.term} />
                </TableCell>
              </TableRow>
              {note && <NoteRow note={note} testId={`open-lot-wash-${lot.symbol}`} />}
            </Fragment>
          );
        })}
      </CompactTable>
      <Totals
        items={[
          ['Unrealised short term', lots.totals.unrealized_short],
          ['Unrealised long term', lots.totals.unrealized_long],
        ]}
      />

      <Typography variant="subtitle1" component="h3" sx={{ px: 2, mt: 2, fontWeight: 500 }}>
        Realised in the period
      </Typography>
      <CompactTable label="Realised lots" columns={realizedColumns}>
        {lots.realized.length === 0 && (
          <TableRow>
            <TableCell colSpan={8} sx={{ color: 'text.secondary' }}>
              No sales in this period.
            </TableCell>
          </TableRow>
        )}
        {lots.realized.map((lot, index) => {
          const note = realizedWashNote(lot);
          return (
            <Fragment key={`${lot.portfolio_id}-${lot.security_id}-${lot.sold_on}-${index}`}>
              <TableRow data-testid={`realized-lot-${lot.symbol}`}>
                <TableCell sx={{ fontWeight: 500 }} title={lot.name}>
                  {lot.symbol}
                </TableCell>
                <TableCell sx={{ ...wide, whiteSpace: 'nowrap' }}>{formatShortDate(lot.acquired_on)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatShortDate(lot.sold_on)}</TableCell>
                <TableCell align="right" sx={wide}>
                  {quantity.format(lot.quantity)}
                </TableCell>
                <TableCell align="right" sx={wide}>
                  {formatDollars(lot.cost_basis)}
                </TableCell>
                <TableCell align="right">{formatDollars(lot.proceeds)}</TableCell>
                <TableCell align="right">
                  <SignedValue value={lot.realized_gain} kind="dollars" />
                </TableCell>
                <TableCell>
                  <TermChip term={lot.term} />
                </TableCell>
              </TableRow>
              {note && <NoteRow note={note} testId={`realized-lot-wash-${lot.symbol}`} />}
            </Fragment>
          );
        })}
      </CompactTable>
      <Totals
        items={[
          ['Realised short term', lots.totals.realized_short],
          ['Realised long term', lots.totals.realized_long],
          ...(lots.totals.realized_disallowed > 0
            ? ([['Loss disallowed (wash sales, not counted)', -lots.totals.realized_disallowed]] as [string, number][])
            : []),
        ]}
      />
    </>
  );
}
