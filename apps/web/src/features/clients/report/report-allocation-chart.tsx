import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PieChart } from '@mui/x-charts/PieChart';
import { formatDollars } from '@meridian/domain/shared/format';
import type { AllocationRow } from './report-allocation.ts';

const palette = ['#1565c0', '#2e7d32', '#ef6c00', '#6a1b9a', '#00838f', '#c62828', '#5d4037'];

/** The pie of the allocation by asset class, with a legend that prints as text. */
export function ReportAllocationChart({ rows }: { rows: AllocationRow[] }) {
  if (rows.length === 0) return <Typography color="text.secondary">No holdings yet</Typography>;
  return (
    <Box sx={{ display: 'flex', gap: 3, alignItems: 'center', flexWrap: 'wrap' }}>
      <PieChart
        width={200}
        height={200}
        hideLegend
        skipAnimation
        colors={palette}
        series={[
          {
            data: rows.map((row, index) => ({ id: row.key, value: row.percent, label: row.label, color: palette[index % palette.length] })),
            innerRadius: 45,
            outerRadius: 95,
            paddingAngle: 1,
            valueFormatter: (item) => `${item.value.toFixed(2)}%`,
          },
        ]}
      />
      <Box component="table" sx={{ borderCollapse: 'collapse', minWidth: 280 }} aria-label="Allocation by asset class">
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.key} data-testid={`allocation-${row.key}`}>
              <td style={{ padding: '2px 8px 2px 0' }}>
                <Box
                  component="span"
                  sx={{
                    display: 'inline-block',
                    width: 10,
                    height: 10,
                    borderRadius: '2px',
                    mr: 1,
                    bgcolor: palette[index % palette.length],
                    printColorAdjust: 'exact',
                    WebkitPrintColorAdjust: 'exact',
                  }}
                />
                {row.label}
              </td>
              <td style={{ padding: '2px 8px', textAlign: 'right', fontWeight: 500 }}>{row.percent.toFixed(2)}%</td>
              <td style={{ padding: '2px 0 2px 8px', textAlign: 'right' }}>{formatDollars(row.marketValue)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
