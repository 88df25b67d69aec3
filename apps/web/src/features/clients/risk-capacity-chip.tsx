import Chip from '@mui/material/Chip';
import { riskProfile, riskTone } from '@meridian/domain/shared/format';

/** A client's risk profile (low Conservative, medium Moderate, high Aggressive) in the spec's colours. */
export function RiskCapacityChip({ capacity, label }: { capacity: string | null | undefined; label?: string }) {
  return <Chip label={label ?? riskProfile(capacity)} color={riskTone(capacity)} size="small" />;
}
