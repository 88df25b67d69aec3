import Chip from '@mui/material/Chip';
import { riskTone } from '@meridian/domain/shared/format';
import type { RiskRating } from '@meridian/domain/securities/contracts';
import { riskRatingLabel } from './security-labels.ts';

/** A security's risk rating in the spec's colours: low green, medium orange, high red. */
export function RiskChip({ rating }: { rating: RiskRating }) {
  return <Chip label={riskRatingLabel(rating)} color={riskTone(rating)} size="small" variant="filled" />;
}
