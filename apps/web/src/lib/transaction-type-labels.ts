import type { TransactionType } from '@meridian/domain/portfolios/contracts';

/** How a ledger entry's type reads in a table or a picker (a portfolio's ledger, a recommendation's trades). */
export const transactionTypeLabels: Record<TransactionType, string> = {
  buy: 'Buy',
  sell: 'Sell',
  dividend: 'Dividend',
  interest: 'Interest',
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  fee: 'Fee',
};
