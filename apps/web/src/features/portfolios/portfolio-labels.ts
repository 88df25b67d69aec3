import type { ChipProps } from '@mui/material/Chip';
import type { LotMethod } from '@meridian/domain/analytics/contracts';
import type { PortfolioStatus } from '@meridian/domain/portfolios/contracts';

export const statusLabels: Record<PortfolioStatus, string> = { active: 'Active', proposed: 'Proposed', closed: 'Closed' };

export const lotMethodLabels: Record<LotMethod, string> = { fifo: 'First in, first out (FIFO)', hifo: 'Highest cost first (HIFO)' };

export const statusColors: Record<PortfolioStatus, ChipProps['color']> = { active: 'success', proposed: 'info', closed: 'default' };
