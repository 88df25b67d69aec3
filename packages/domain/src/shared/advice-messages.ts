/** Messages of model portfolios, recommendations and optimisation: kept out of messages.ts, which the app's start-up chunk carries. */

/** Answers and validation messages of the model portfolios API. */
export const modelMessages = {
  modelNotFound: 'Model portfolio not found',
  modelChanged: 'This model was changed by someone else. Review the current version and save again.',
  staffOnly: "Model portfolios are for the firm's advisors and administrators",
  nameRequired: 'Model name is required',
  nameTooLong: 'Model name must be at most 100 characters',
  nameTaken: 'The firm already has a model with this name',
  descriptionTooLong: 'Description must be at most 1000 characters',
  riskBandInvalid: 'risk_band must be one of conservative, moderately_conservative, moderate, moderately_aggressive, aggressive',
  driftBandInvalid: 'drift_band must be between 0.005 and 0.25 (0.5 to 25 percentage points)',
  targetsRequired: 'Give the model at least one target',
  targetsTooMany: 'A model can have at most 60 targets',
  targetKindRequired: 'Each target names an asset_class or a security_id (one of the two)',
  targetKindsMixed: 'A model targets asset classes or securities, not both',
  targetDuplicate: 'Each asset class or security can appear only once',
  weightInvalid: 'Each weight must be greater than 0 and at most 1',
  weightSum: (sum: number) => `Target weights must add up to 100% (they add up to ${(sum * 100).toFixed(2)}%)`,
  assetClassInvalid: 'asset_class must be one of equity, fixed_income, cash, alternative, real_estate',
  securityInvalid: 'security_id must be a valid id',
  securityUnknown: 'This security is not in the securities list',
  syncVersionRequired: 'sync_version is required: send the version you last read',
  modelInUse: (followers: number) =>
    `${followers} portfolio${followers === 1 ? ' follows' : 's follow'} this model: move ${followers === 1 ? 'it' : 'them'} to another model first`,
} as const;

/** Answers and validation messages of the recommendations and optimisation API. */
export const recommendationMessages = {
  recommendationNotFound: 'Recommendation not found',
  changed: 'This recommendation was changed by someone else. Review the current version and try again.',
  clientIdRequired: 'client_id is required',
  statusInvalid: 'status must be one of pending, accepted, rejected, implemented',
  illegalTransition: (from: string, to: string) => `A recommendation that is ${from} cannot become ${to}`,
  holdingsChanged: 'The holdings changed since this recommendation was made: generate it again',
  generationRaced: 'Recommendations for this client were being generated at the same time: review them, or generate again',
  noPortfolios: 'This client has no active portfolio to review',
  noHistory: 'Not enough price history to optimise: every holding needs at least 60 trading days of closes',
  nothingToOptimize: 'This portfolio holds no securities to optimise',
  infeasible: 'The bounds cannot be met: check the minimum and maximum weights',
  readOnly: 'Clients can view recommendations but not act on them',
  alreadyOptimal: 'This portfolio is already at its optimum: there is nothing to trade',
  securityUnknown: 'One of these securities is not in the securities list',
  securityIdsInvalid: 'security_ids must list the ids of the securities to compare',
  securityIdsTooMany: 'Compare at most 60 securities at a time',
} as const;
