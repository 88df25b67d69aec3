import Chip from '@mui/material/Chip';
import { marketDataMessages as text } from '@meridian/domain/securities/market-data-messages';
import { SimulatedChip } from '../../components/simulated-chip.tsx';

export { SimulatedChip };

/** A latest close's origin: the simulated label, or a quiet 'Imported' for a real close. */
export function PriceSourceChip({ simulated, hasPrice }: { simulated: boolean; hasPrice: boolean }) {
  if (!hasPrice) return null;
  if (simulated) return <SimulatedChip />;
  return <Chip label={text.importedChip} size="small" color="success" variant="outlined" />;
}
