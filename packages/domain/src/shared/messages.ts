/** Every user-facing text of the spec's validation and error catalogues, written once. */
export const messages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: 'Email must be at most 254 characters long',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordTooLong: 'Password must be at most 128 characters long',
  passwordComplexity: 'Password must contain at least one uppercase letter, one lowercase letter, and one number',
  confirmPasswordRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  firstNameTooLong: 'First name must be at most 100 characters long',
  lastNameTooLong: 'Last name must be at most 100 characters long',
  phoneInvalid: 'Please enter a valid phone number',

  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  newPasswordTooShort: 'New password must be at least 8 characters long',
  newPasswordTooLong: 'New password must be at most 128 characters long',
  newPasswordLowercase: 'New password must contain at least one lowercase letter',
  newPasswordUppercase: 'New password must contain at least one uppercase letter',
  newPasswordNumber: 'New password must contain at least one number',
  passwordConfirmationRequired: 'Password confirmation is required',
  newPasswordsDoNotMatch: 'New passwords do not match',
  newPasswordSameAsCurrent: 'New password must be different from current password',

  resetTokenMissing: 'Invalid or missing reset token',
  twoFactorCodeInvalid: 'Please enter a valid 6-digit verification code',
  twoFactorVerifyFailed: 'Invalid verification code. Please try again.',
  idInvalid: 'Not a valid id',

  loginFailed: 'Login failed. Please check your credentials.',
  registerFailed: 'Registration failed. Please try again.',
  changePasswordFailed: 'Failed to change password. Please try again.',
  genericRetry: 'An error occurred. Please try again.',
  twoFactorSetupFailed: 'Failed to setup 2FA. Please try again.',
  twoFactorVerificationFailed: 'Verification failed. Please try again.',
  resetRequestFailed: 'Failed to send reset email. Please try again.',
  resetConfirmFailed: 'Failed to reset password. Please try again or request a new reset link.',
  apiTokenAuthFailed: 'Authentication failed. Please check your credentials.',

  rateLimited: 'Maximum 100 requests per minute allowed',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  sessionExpired: 'Session expired. Please log in again.',
  accessDenied: 'Access denied. Please check your permissions.',
  networkError: 'Network error: Unable to reach the server',
  errorOccurred: 'An error occurred',
  validationError: 'Validation error',

  // Server answers
  invalidCredentials: 'Incorrect email or password',
  accountLocked: 'Too many failed sign-in attempts. Try again in 15 minutes.',
  accountInactive: 'This account is disabled',
  notAuthenticated: 'Not authenticated',
  invalidRefreshToken: 'Invalid or expired refresh token',
  invalidResetToken: 'This reset link is invalid or has expired',
  currentPasswordWrong: 'Current password is incorrect',
  twoFactorNotSetUp: 'Two-factor authentication has not been set up',
  twoFactorAlreadyEnabled: 'Two-factor authentication is already enabled',
  resetRequested: 'If an account exists for that email, a reset link has been sent.',
  /** The answer to every registration, whether or not the address already has an account. */
  registrationLinkSent: (email: string) => `We have sent a link to ${email}. Open it to finish creating your account.`,
  invalidRegistrationLink: 'This link is invalid or has expired. Register again to get a new one.',
  notFound: 'Not found',
  invalidUrl: 'The address is not a valid URL: check its percent-encoding (%XX)',
  valueOutOfRange: 'A value or a total it leads to is too large to be recorded',
} as const;

/** Message of the rate limiter for a configured limit (the spec's figure is 100). */
export const rateLimitMessage = (max: number) => `Maximum ${max} requests per minute allowed`;

/** The paging parameters every list takes (at most 100 rows a page). */
export const pageMessages = {
  pageInvalid: 'page must be a whole number of at least 1',
  pageTooLarge: 'page must be at most 100,000',
  perPageInvalid: 'per_page must be a whole number from 1 to 100',
  limitInvalid: 'limit must be a whole number from 1 to 100',
} as const;

/** Answers and validation messages of the clients API (server side; the web keeps the spec's defaults). */
export const clientMessages = {
  clientNotFound: 'Client not found',
  clientEmailTaken: 'A client with this email already exists in your firm',
  clientChanged: 'This client was changed by someone else. Review the current version and save again.',
  advisorRequired: 'Choose the advisor for this client (advisor_id)',
  advisorNotInFirm: 'advisor_id must name an active advisor of your firm',
  advisorOwnOnly: 'Advisors can only assign clients to themselves',
  clientInHousehold: "This client belongs to a household: change the household's advisor, or remove the client from the household first",
  syncVersionRequired: 'sync_version is required: send the version you last read',
  syncVersionInvalid: 'sync_version must be a whole number of at least 1',

  netWorthInvalid: 'Net worth must be a number',
  netWorthNegative: 'Net worth cannot be negative',
  annualIncomeInvalid: 'Annual income must be a number',
  annualIncomeNegative: 'Annual income cannot be negative',
  amountTooLarge: 'Amount is too large',
  riskCapacityInvalid: 'Risk capacity must be low, medium (or moderate) or high',
  riskCapacityFollowsBand:
    'Risk capacity follows from the risk band: set risk_band (conservative to aggressive) with risk_band_reason instead',
  riskBandInvalid: 'Risk band must be conservative, moderately_conservative, moderate, moderately_aggressive or aggressive',
  riskBandFilterInvalid:
    'risk_band must be conservative, moderately_conservative, moderate, moderately_aggressive, aggressive or not_assessed',
  riskBandReasonRequired: 'Give the reason for setting the risk band by hand: it is kept in the audit trail',
  riskBandReasonTooLong: 'Keep the reason under 1000 characters',
  riskBandNotAssessed:
    "The client's risk band is not assessed yet: complete the questionnaire, or set the band on the client's record with a reason",
  investmentExperienceInvalid: 'Investment experience must be beginner, intermediate, advanced or expert',
  birthDateInvalid: 'Enter the birth date as YYYY-MM-DD',
  birthDateNotPast: 'Birth date must be in the past',
  birthDateTooOld: 'Age cannot be more than 120 years',
  addressTooLong: 'Address must be at most 500 characters',
  goalsTooLong: 'Financial goals must be at most 2000 characters',
  notesTooLong: 'Notes must be at most 5000 characters',
  advisorIdInvalid: 'advisor_id must be a valid id',
  householdIdInvalid: 'household_id must be a valid id',

  searchTooLong: 'Search text must be at most 100 characters',
  sortInvalid:
    'sort must be one of name, email, netWorth, created_at, risk_band, risk_capacity, aum, performance, assessment_status, last_activity_at',
  orderInvalid: 'order must be asc or desc',
  ...pageMessages,
  minNetWorthInvalid: 'min_net_worth must be a number of at least 0',
  maxNetWorthInvalid: 'max_net_worth must be a number of at least 0',
  netWorthRangeInvalid: 'min_net_worth must not be more than max_net_worth',
  assessmentStatusInvalid: 'assessment_status must be Pending, In Progress or Complete',
  performancePeriodInvalid: 'performance_period must be one of 1M, 3M, YTD, 1Y, 3Y, SI',
} as const;
