import type { RiskRating } from '@meridian/domain/securities/contracts';

export { assetClassLabel } from '@meridian/domain/securities/contracts';

/** How a screen names a risk rating: 'Medium' for medium. */
export const riskRatingLabel = (rating: RiskRating): string => rating.charAt(0).toUpperCase() + rating.slice(1);
