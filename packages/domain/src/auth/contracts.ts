import { z } from 'zod';
import { messages } from '../shared/messages.ts';
import {
  changePasswordIssues,
  mixesCharacterKinds,
  passwordMaxLength,
  passwordMinLength,
  presentedPasswordMaxLength,
} from './password-rules.ts';
import { roles, selfRegisterRoles } from './roles.ts';
import { tokenPairSchema, userSchema } from './signed-in.ts';

const phonePattern = /^\+?[\d\s\-()]+$/;

/** The longest address SMTP carries (RFC 5321). */
export const emailMaxLength = 254;
/** Far above the refresh, reset and registration tokens we issue (43 characters). */
export const tokenMaxLength = 512;

// Every string below is bounded first, with abort, so an over-long value meets no other rule.

export const emailSchema = z
  .string({ error: messages.emailRequired })
  .max(emailMaxLength, { abort: true, error: messages.emailTooLong })
  .trim()
  .min(1, messages.emailRequired)
  .pipe(z.email({ error: messages.emailInvalid }));

/** A new password: the rule shared by registration and password reset. */
const newPasswordSchema = z
  .string({ error: messages.passwordRequired })
  .max(passwordMaxLength, { abort: true, error: messages.passwordTooLong })
  .min(1, messages.passwordRequired)
  .min(passwordMinLength, messages.passwordTooShort)
  .refine(mixesCharacterKinds, messages.passwordComplexity);

/** The confirmation of a new password, bounded like the password it repeats. */
const confirmationSchema = (required: string) =>
  z.string().max(passwordMaxLength, { abort: true, error: messages.passwordTooLong }).min(1, required);

export const nameMaxLength = 100;

/** A person's first or last name: trimmed, required, at most 100 characters. */
export const requiredName = (required: string, tooLong: string) =>
  z.string({ error: required }).max(nameMaxLength, { abort: true, error: tooLong }).trim().min(1, required);

export const phoneSchema = z
  .string()
  .max(30, { abort: true, error: messages.phoneInvalid })
  .trim()
  .refine((value) => value === '' || phonePattern.test(value), messages.phoneInvalid);

const loginName = z.string().max(emailMaxLength, { abort: true, error: messages.emailTooLong }).trim().optional();

/** Login accepts `email` or `username` (both name the e-mail address). */
export const loginRequestSchema = z
  .object({
    email: loginName,
    username: loginName,
    // Longer than any password that can be set: it cannot be the right one.
    password: z
      .string({ error: messages.passwordRequired })
      .max(presentedPasswordMaxLength, { abort: true, error: messages.invalidCredentials })
      .min(1, messages.passwordRequired),
  })
  .refine((body) => Boolean(body.email || body.username), {
    message: messages.emailRequired,
    path: ['email'],
  });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** The login form on the web: e-mail and password required. */
export const loginFormSchema = z.object({
  email: z.string().trim().min(1, messages.emailRequired),
  password: z.string().min(1, messages.passwordRequired),
  remember: z.boolean(),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

const registerFields = {
  email: emailSchema,
  password: newPasswordSchema,
  first_name: requiredName(messages.firstNameRequired, messages.firstNameTooLong),
  last_name: requiredName(messages.lastNameRequired, messages.lastNameTooLong),
  phone: phoneSchema.optional().nullable(),
};

/** Registration accepts `role` or `role_name`; only client or advisor. */
export const registerRequestSchema = z.object({
  ...registerFields,
  role: z.enum(selfRegisterRoles).optional(),
  role_name: z.enum(selfRegisterRoles).optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const registerFormSchema = z
  .object({
    ...registerFields,
    phone: phoneSchema,
    confirm_password: confirmationSchema(messages.confirmPasswordRequired),
    role: z.enum(selfRegisterRoles),
  })
  .refine((form) => form.password === form.confirm_password, {
    message: messages.passwordsDoNotMatch,
    path: ['confirm_password'],
  });

/** The token of the link that finishes a registration (POST /auth/confirm-registration). */
export const confirmRegistrationRequestSchema = z.object({
  token: z
    .string({ error: messages.invalidRegistrationLink })
    .max(tokenMaxLength, { abort: true, error: messages.invalidRegistrationLink })
    .min(1, messages.invalidRegistrationLink),
});
export type ConfirmRegistrationRequest = z.infer<typeof confirmRegistrationRequestSchema>;

const refreshToken = z.string().max(tokenMaxLength, { abort: true, error: messages.invalidRefreshToken });
export const refreshTokenRequestSchema = z.object({ refresh_token: refreshToken.min(1) });
export const logoutRequestSchema = z.object({ refresh_token: refreshToken.optional() });

/** Each field is only bounded here; changePasswordIssues words every other rule, as the form lists them. */
export const changePasswordRequestSchema = z
  .object({
    current_password: z.string().max(presentedPasswordMaxLength, { abort: true, error: messages.currentPasswordWrong }).default(''),
    new_password: z.string().max(passwordMaxLength, { abort: true, error: messages.newPasswordTooLong }).default(''),
    confirm_password: z.string().max(passwordMaxLength, { abort: true, error: messages.newPasswordTooLong }).default(''),
  })
  .superRefine((values, ctx) => {
    for (const { field, message } of changePasswordIssues(values)) ctx.addIssue({ code: 'custom', message, path: [field] });
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const passwordResetRequestSchema = z.object({ email: emailSchema });

export const passwordResetConfirmSchema = z
  .object({
    token: z
      .string({ error: messages.resetTokenMissing })
      .max(tokenMaxLength, { abort: true, error: messages.resetTokenMissing })
      .min(1, messages.resetTokenMissing),
    new_password: newPasswordSchema,
    confirm_password: confirmationSchema(messages.confirmPasswordRequired),
  })
  .refine((body) => body.new_password === body.confirm_password, {
    message: messages.passwordsDoNotMatch,
    path: ['confirm_password'],
  });
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;

export const twoFactorCodeSchema = z
  .string()
  .max(6, { abort: true, error: messages.twoFactorCodeInvalid })
  .regex(/^\d{6}$/, messages.twoFactorCodeInvalid);

/** A TOTP code, or one of the recovery codes given at setup. */
export const verifyTwoFactorRequestSchema = z
  .object({
    token: twoFactorCodeSchema.optional(),
    recovery_code: z.string().max(32, { abort: true }).trim().min(1).optional(),
  })
  .refine((body) => Boolean(body.token || body.recovery_code), {
    message: messages.twoFactorCodeInvalid,
    path: ['token'],
  });
export type VerifyTwoFactorRequest = z.infer<typeof verifyTwoFactorRequestSchema>;

export { tokenPairSchema, userSchema, type TokenPair, type User } from './signed-in.ts';

export const signInResponseSchema = tokenPairSchema.extend({
  user: userSchema,
  two_factor_required: z.literal(false),
});
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/** With 2FA on, the password step yields only a challenge token (in `access_token`). */
const twoFactorChallengeSchema = z.object({
  access_token: z.string(),
  refresh_token: z.null(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  user: userSchema,
  two_factor_required: z.literal(true),
});

export const loginResponseSchema = z.union([signInResponseSchema, twoFactorChallengeSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const twoFactorSetupResponseSchema = z.object({
  qrCode: z.string(),
  secret: z.string(),
  otpauth_url: z.string(),
  recovery_codes: z.array(z.string()),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

/** `success` alone when enabling 2FA; with the session's tokens when completing a 2FA login. */
export const verifyTwoFactorResponseSchema = z.object({
  success: z.boolean(),
  access_token: z.string().optional(),
  refresh_token: z.string().optional(),
  token_type: z.literal('bearer').optional(),
  expires_in: z.number().int().optional(),
  user: userSchema.optional(),
});
export type VerifyTwoFactorResponse = z.infer<typeof verifyTwoFactorResponseSchema>;

export const detailResponseSchema = z.object({ detail: z.string() });

export const validationIssueSchema = z.object({
  type: z.string(),
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  input: z.unknown(),
  ctx: z.record(z.string(), z.unknown()).optional(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  version: z.string(),
});

/** A demo account offered on the sign-in page in development (GET /auth/test-accounts). */
const testAccountSchema = z.object({
  role: z.enum(roles),
  email: z.string(),
  password: z.string(),
  name: z.string(),
});
export const testAccountsResponseSchema = z.array(testAccountSchema);
