import { recommendationLimits } from '@meridian/domain/recommendations/contracts';

/**
 * What the recommendations panel says. The failure texts for a server that gives no detail are the
 * spec's (portfolioMessages in packages/domain); these are the panel's own words.
 */
export const recommendationTexts = {
  heading: 'Recommendations',
  generate: 'Generate recommendations',
  generating: 'Generating…',
  emptyForClient: 'No recommendations yet.',
  emptyForPortfolio: 'No recommendations for this portfolio yet.',
  emptyHint: 'Generate recommendations to review the portfolios against their models.',
  nothingNew: 'Nothing to recommend: no portfolio needs a change.',
  accept: 'Accept',
  reject: 'Reject',
  markImplemented: 'Mark implemented',
  showDetails: 'Show details',
  hideDetails: 'Hide details',
  implementTitle: 'Implement recommendation',
  noModel: 'No model',
  taxDeferred: 'Tax-deferred account: the realised gains are not taxed now.',
  taxFree: 'Tax-free account: the realised gains are never taxed.',
  taxSettingsEdit: 'Edit tax settings',
  taxSettingsBudgetHelp: 'Net gains the client accepts realising in a tax year in taxable accounts; leave empty for no budget.',
  taxSettingsSaveFailed: 'Could not save the tax settings',
  washSaleIntro: `Not bought back, to avoid a wash sale (sold at a loss within ${recommendationLimits.washSaleDays} days):`,
} as const;
