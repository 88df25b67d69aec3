import Typography from '@mui/material/Typography';
import { formatShortDate } from '@meridian/domain/shared/format';
import type { PeriodReturn } from '@meridian/domain/analytics/contracts';
import { ResponsiveRow, ResponsiveTable, type ResponsiveColumn } from '../../../components/responsive-table.tsx';
import { SignedValue } from '../../../components/signed-value.tsx';
import { noFigure } from '../../../lib/figure-format.ts';

/** A fraction as a signed, coloured percentage; '—' when there is none. */
function Signed({ value }: { value: number | null }) {
  return value === null ? <>{noFigure}</> : <SignedValue value={value * 100} kind="percent" />;
}

/** On a phone a period keeps the portfolio's return and the benchmark's; the annualised figures are in its details. */
const columns: ResponsiveColumn[] = [
  { label: 'Period' },
  { label: 'TWR', align: 'right' },
  { label: 'TWR p.a.', align: 'right', secondary: true },
  { label: 'MWR', align: 'right', secondary: true },
  { label: 'Benchmark', align: 'right' },
];

/** What the yearly columns hold: a money-weighted return of a year or less is not made into a yearly rate. */
const returnsBasis =
  'TWR p.a. is a yearly rate for periods longer than a year. MWR is a yearly rate beyond a year and the return over the period itself for a year or less.';

/** Every period's returns; a period longer than the portfolio's life says so. */
export function ReturnsTable({ returns, inception }: { returns: PeriodReturn[]; inception: string | null }) {
  return (
    <>
      <ResponsiveTable label="Returns by period" size="small" columns={columns} sx={{ '& th': { fontWeight: 600, whiteSpace: 'nowrap' } }}>
        {returns.map((row) => (
          <ResponsiveRow
            key={row.period}
            data-testid={`return-row-${row.period}`}
            name={row.period}
            cells={[
              <>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {row.period}
                </Typography>
                {!row.complete && (
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    sx={{ display: 'block', whiteSpace: { sm: 'nowrap' } }}
                    data-testid={`return-note-${row.period}`}
                  >
                    {`since inception ${inception ?? row.start_date}`}
                  </Typography>
                )}
                <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
                  {`${formatShortDate(row.start_date)} – ${formatShortDate(row.end_date)}`}
                </Typography>
              </>,
              <Signed value={row.twr} />,
              <Signed value={row.twr_annualised} />,
              <Signed value={row.mwr} />,
              <Signed value={row.benchmark_return} />,
            ]}
          />
        ))}
      </ResponsiveTable>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block', mt: 1, px: { xs: 1, sm: 2 } }}
        data-testid="returns-basis"
      >
        {returnsBasis}
      </Typography>
    </>
  );
}
