/** Texts of the web app's screens that are not in messages.ts (which the server also uses). */
export const webMessages = {
  platformTitle: 'Meridian',
  tagline: 'Wealth management for independent advisory firms',
  welcomeBack: 'Welcome Back',
  createAccount: 'Create Your Account',
  notAvailableYet: 'This area is not available yet',
  pageNotFound: 'This page does not exist',
  checkYourEmail: 'Check Your Email',
  twoFactorSetupComplete: '2FA Setup Complete!',
  sessionExpiringSoon: 'Session Expiring Soon',
  sessionWillExpireIn: (countdown: string) => `Your session will expire in ${countdown}`,
  tokenCopied: 'Token copied to clipboard!',
  tokenExpiresIn: (countdown: string) => `Expires in ${countdown}`,
  tokenExpired: 'Expired',
  recoveryCodeRequired: 'Please enter a recovery code',
  requestFailed: (message: string) => `Request failed: ${message}`,
  serverError: (status: number) => `Server error: ${status}`,
} as const;
