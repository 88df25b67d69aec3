import Chip from '@mui/material/Chip';
import type { PortfolioStatus } from '@meridian/domain/portfolios/contracts';
import { statusColors, statusLabels } from './portfolio-labels.ts';

export function StatusChip({ status }: { status: PortfolioStatus }) {
  return <Chip label={statusLabels[status]} color={statusColors[status]} size="small" variant="outlined" />;
}
