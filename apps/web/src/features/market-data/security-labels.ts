import type { RiskRating } from '@meridian/domain/securities';

export { assetClassLabel } from '@meridian/domain/securities';

/** How a screen names a risk rating: 'Medium' for medium. */
export const riskRatingLabel = (rating: RiskRating): string => rating.charAt(0).toUpperCase() + rating.slice(1);
