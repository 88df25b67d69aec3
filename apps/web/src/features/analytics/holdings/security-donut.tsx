import { blueberryTwilightPaletteLight } from '@mui/x-charts/colorPalettes';
import type { Allocations } from '@meridian/domain/analytics/contracts';
import { AllocationDonut } from '../../../components/allocation-donut.tsx';
import { plainFraction } from '../../../lib/figure-format.ts';

type Slice = Allocations['security'][number];

/** Positions beyond this many are shown together as 'Other'. */
const securitySlicesShown = 9;

const cents = (value: number) => Math.round(value * 100) / 100;

/** The cash balance's slice: always its own, never folded into 'Other'. */
const cashKey = 'CASH';

/** The largest positions and the rest as one slice (summed to the cent); cash keeps its own slice. */
function topSlices(slices: Slice[], shown = securitySlicesShown): Slice[] {
  if (slices.length <= shown + 1) return slices;
  const cash = slices.filter((slice) => slice.key === cashKey);
  const sorted = slices.filter((slice) => slice.key !== cashKey).sort((a, b) => b.weight - a.weight);
  if (sorted.length <= shown + 1) return [...sorted, ...cash];
  const rest = sorted.slice(shown);
  const other: Slice = {
    key: 'other',
    label: `Other (${rest.length})`,
    market_value: cents(rest.reduce((sum, slice) => sum + slice.market_value, 0)),
    weight: rest.reduce((sum, slice) => sum + slice.weight, 0),
  };
  return [...sorted.slice(0, shown), other, ...cash];
}

/** Weights by security: the portfolios' donuts cover asset class and sector; this adds the positions. */
export function SecurityDonut({ slices }: { slices: Slice[] }) {
  return (
    <AllocationDonut
      title="By security"
      slices={topSlices(slices)}
      formatWeight={plainFraction}
      palette={blueberryTwilightPaletteLight}
      testId="allocation-security"
    />
  );
}
