import type { ChipProps } from '@mui/material/Chip';
import type { PortfolioStatus, TransactionType } from '@meridian/domain/portfolios';

export const statusLabels: Record<PortfolioStatus, string> = { active: 'Active', proposed: 'Proposed', closed: 'Closed' };

export const statusColors: Record<PortfolioStatus, ChipProps['color']> = { active: 'success', proposed: 'info', closed: 'default' };

export const transactionTypeLabels: Record<TransactionType, string> = {
  buy: 'Buy',
  sell: 'Sell',
  dividend: 'Dividend',
  interest: 'Interest',
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  fee: 'Fee',
};
