import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { formatDollars } from '@meridian/domain/shared/format';
import type { HeldBack } from '@meridian/domain/recommendations/contracts';

function heldBackText(row: HeldBack, budgetLeft: number | null): string {
  if (row.reason === 'hold_list') return `${row.symbol}: on the hold list, not sold`;
  if (row.reason === 'restricted') return `${row.symbol}: restricted, not bought`;
  if (row.reason === 'gain_budget')
    return `${row.symbol}: ${formatDollars(row.amount)} of its overweight kept within the gain budget (${formatDollars(Math.max(0, budgetLeft ?? 0))} left this year)`;
  return `${row.symbol}: the rest of its overweight is not worth the tax`;
}

/** The trades a client's tax settings kept undone, on a recommendation and on the optimum's trades alike. */
export function HeldBackAlert({ rows, budgetLeft }: { rows: readonly HeldBack[]; budgetLeft: number | null }) {
  if (rows.length === 0) return null;
  return (
    <Alert severity="info" data-testid="held-back">
      Held back by the client&apos;s settings:
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {rows.map((row) => (
          <li key={`${row.security_id}-${row.side}-${row.reason}`}>{heldBackText(row, budgetLeft)}</li>
        ))}
      </Box>
    </Alert>
  );
}
