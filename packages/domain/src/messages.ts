/** Every user-facing text of the spec's validation and error catalogues, written once. */
export const messages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordComplexity:
    'Password must contain at least one uppercase letter, one lowercase letter, and one number',
  confirmPasswordRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  phoneInvalid: 'Please enter a valid phone number',

  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  newPasswordTooShort: 'New password must be at least 8 characters long',
  newPasswordLowercase: 'New password must contain at least one lowercase letter',
  newPasswordUppercase: 'New password must contain at least one uppercase letter',
  newPasswordNumber: 'New password must contain at least one number',
  passwordConfirmationRequired: 'Password confirmation is required',
  newPasswordsDoNotMatch: 'New passwords do not match',
  newPasswordSameAsCurrent: 'New password must be different from current password',

  resetTokenMissing: 'Invalid or missing reset token',
  twoFactorCodeInvalid: 'Please enter a valid 6-digit verification code',
  twoFactorVerifyFailed: 'Invalid verification code. Please try again.',

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
  emailTaken: 'An account with this email already exists',
  notAuthenticated: 'Not authenticated',
  invalidRefreshToken: 'Invalid or expired refresh token',
  invalidResetToken: 'This reset link is invalid or has expired',
  currentPasswordWrong: 'Current password is incorrect',
  twoFactorNotSetUp: 'Two-factor authentication has not been set up',
  twoFactorAlreadyEnabled: 'Two-factor authentication is already enabled',
  resetRequested: 'If an account exists for that email, a reset link has been sent.',
  notFound: 'Not found',
} as const;

/** Message of the rate limiter for a configured limit (the spec's figure is 100). */
export const rateLimitMessage = (max: number) => `Maximum ${max} requests per minute allowed`;
