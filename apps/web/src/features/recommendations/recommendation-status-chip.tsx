import Chip, { type ChipProps } from '@mui/material/Chip';
import { recommendationStatusLabels, type RecommendationStatus } from '@meridian/domain/recommendations/contracts';

/** Awaiting a decision stands out; a rejected one recedes; implemented is done. */
const statusColors: Record<RecommendationStatus, ChipProps['color']> = {
  pending: 'warning',
  accepted: 'info',
  rejected: 'default',
  implemented: 'success',
};

export function RecommendationStatusChip({ status }: { status: RecommendationStatus }) {
  return (
    <Chip
      label={recommendationStatusLabels[status]}
      color={statusColors[status]}
      size="small"
      variant="outlined"
      data-testid="recommendation-status"
    />
  );
}
