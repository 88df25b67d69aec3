import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { marketDataMessages as text } from '@meridian/domain/securities/market-data-messages';

/**
 * Says that a price is simulated, with the reason on hover or focus. `label` is the short
 * 'Simulated' in tables and 'Simulated prices' beside a chart.
 */
export function SimulatedChip({ label = text.simulatedChip, size = 'small' }: { label?: string; size?: ChipProps['size'] }) {
  return (
    <Tooltip title={text.simulatedTooltip} arrow describeChild>
      <Chip
        icon={<ScienceOutlinedIcon />}
        label={label}
        size={size}
        color="warning"
        variant="outlined"
        tabIndex={0}
        data-testid="simulated-chip"
      />
    </Tooltip>
  );
}
