import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatDollars } from '@meridian/domain/shared/format';
import type { LotMethod } from '@meridian/domain/analytics/contracts';
import type { Holding } from '@meridian/domain/portfolios/holding-contracts';
import { ResponsiveRow, ResponsiveTable, type ResponsiveColumn } from '../../../components/responsive-table.tsx';
import { SignedValue } from '../../../components/signed-value.tsx';
import { SimulatedChip } from '../../../components/simulated-chip.tsx';
import { formatQuantity } from '../../../lib/format-quantity.ts';
import { weightsCaption } from '../../../lib/figure-format.ts';
import { lotMethodLabels } from '../portfolio-labels.ts';

const noWrap = { whiteSpace: 'nowrap' } as const;

/** On a phone a holding keeps its security, market value and actions (gain/loss does not fit beside them); the rest is in its details. */
const columns = (readOnly: boolean): ResponsiveColumn[] => [
  { label: 'Security', cellSx: { maxWidth: 160 } },
  { label: 'Sector', cellSx: { minWidth: 110 }, secondary: true },
  { label: 'Quantity', align: 'right', secondary: true },
  { label: 'Cost per share', align: 'right', secondary: true },
  { label: 'Last close', align: 'right', cellSx: noWrap, secondary: true },
  { label: 'Market value', align: 'right', cellSx: { fontWeight: 500, ...noWrap } },
  { label: 'Gain/loss', align: 'right', secondary: true },
  { label: 'Gain/loss %', align: 'right', secondary: true },
  { label: 'Allocation', align: 'right', secondary: true },
  ...(readOnly ? [] : [{ label: 'Actions', align: 'right', cellSx: noWrap } as const]),
];

type Props = {
  holdings: Holding[];
  /** The portfolio's lot method: cost and gain/loss are those of its open tax lots. */
  lotMethod: LotMethod;
  readOnly: boolean;
  onAdd: () => void;
  onEdit: (holding: Holding) => void;
  onRemove: (holding: Holding) => void;
};

function HoldingActions({ holding, onEdit, onRemove }: { holding: Holding } & Pick<Props, 'onEdit' | 'onRemove'>) {
  const { symbol } = holding.security;
  return (
    <>
      <Tooltip title="Change quantity">
        <IconButton size="small" aria-label={`Change quantity of ${symbol}`} onClick={() => onEdit(holding)}>
          <EditOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Remove">
        <IconButton size="small" aria-label={`Remove ${symbol}`} onClick={() => onRemove(holding)}>
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </>
  );
}

/** The portfolio's positions at the latest close; a simulated close says so. */
export function HoldingsTable({ holdings, lotMethod, readOnly, onAdd, onEdit, onRemove }: Props) {
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
        <ResponsiveTable
          label="Holdings"
          aria-labelledby="holdings-heading"
          size="small"
          columns={columns(readOnly)}
          sx={{ '& td, & th': { px: 1 }, '& td:first-of-type, & th:first-of-type': { pl: 2 }, '& th': { fontWeight: 600, ...noWrap } }}
        >
          {holdings.map((holding) => (
            <ResponsiveRow
              key={holding.id}
              hover
              data-testid={`holding-row-${holding.security.symbol}`}
              name={holding.security.symbol}
              cells={[
                <>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {holding.security.symbol}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" noWrap component="div" title={holding.security.name}>
                    {holding.security.name}
                  </Typography>
                </>,
                holding.security.sector,
                formatQuantity(holding.quantity),
                formatDollars(holding.average_cost),
                <>
                  {holding.last_close === null ? '–' : formatDollars(holding.last_close)}
                  {holding.price_source === 'simulated' && (
                    <Box sx={{ mt: 0.25 }}>
                      <SimulatedChip />
                    </Box>
                  )}
                </>,
                formatDollars(holding.market_value),
                <SignedValue value={holding.gain_loss} kind="dollars" />,
                <SignedValue value={holding.gain_loss_percent} kind="percent" />,
                `${holding.allocation_percent.toFixed(2)}%`,
                ...(readOnly ? [] : [<HoldingActions holding={holding} onEdit={onEdit} onRemove={onRemove} />]),
              ]}
            />
          ))}
        </ResponsiveTable>
      )}
      {holdings.length > 0 && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 2, py: 1 }} data-testid="holdings-basis">
          Cost and gain/loss are those of the open tax lots ({lotMethodLabels[lotMethod]}), as in the analytics. {weightsCaption}
        </Typography>
      )}
    </>
  );
}
