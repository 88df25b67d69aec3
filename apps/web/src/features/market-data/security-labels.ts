import type { AssetClass, RiskRating } from '@meridian/domain/securities';

const assetClassLabels: Record<AssetClass, string> = {
  equity: 'Equity',
  fixed_income: 'Fixed income',
  cash: 'Cash',
  alternative: 'Alternative',
  real_estate: 'Real estate',
};

/** How a screen names an asset class: 'Fixed income' for fixed_income. */
export const assetClassLabel = (assetClass: AssetClass): string => assetClassLabels[assetClass];

/** How a screen names a risk rating: 'Medium' for medium. */
export const riskRatingLabel = (rating: RiskRating): string => rating.charAt(0).toUpperCase() + rating.slice(1);
