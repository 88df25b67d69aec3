import { formatShortDate } from '@meridian/domain/format';
import { accountTypeLabels, type Portfolio } from '@meridian/domain/portfolios';
import { ConflictAlert } from '../../components/conflict-alert.tsx';
import { statusLabels } from './portfolio-labels.ts';

type Props = { message: string; current: Portfolio; onReload: () => void };

/** A 409 on save: the portfolio as it is now, and a button to start again from that version. */
export function PortfolioConflictAlert({ message, current, onReload }: Props) {
  return (
    <ConflictAlert
      title={message}
      lead="Current version:"
      rows={[
        ['Name', current.name],
        ['Account type', accountTypeLabels[current.account_type]],
        ['Status', statusLabels[current.status]],
        ['Benchmark', current.benchmark_symbol],
        ['Changed', formatShortDate(current.updated_at)],
      ]}
      reloadLabel="Use current version"
      onReload={onReload}
      data-testid="portfolio-conflict"
    >
      Your edits are kept below; the fields you did not edit now show the current version. Save applies your edits to it.
    </ConflictAlert>
  );
}
