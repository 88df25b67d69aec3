import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  loginFormSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  registerFormSchema,
} from '@meridian/domain/auth/contracts';
import { changePasswordProblems } from '@meridian/domain/auth/password-rules';
import { recoveryCodeFormSchema, sanitizeCode, twoFactorCodeFormSchema } from './two-factor-forms.ts';

/** Field → first message, the way react-hook-form shows them under the fields. */
function fieldMessages(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const found: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.');
    found[field] ??= issue.message;
  }
  return found;
}

const validRegistration = {
  first_name: 'Jordan',
  last_name: 'Reyes',
  email: 'jordan@example.com',
  phone: '',
  password: 'Secret123',
  confirm_password: 'Secret123',
  role: 'client',
};

describe('login form', () => {
  it('requires e-mail and password', () =>
    expect(fieldMessages(loginFormSchema, { email: '', password: '', remember: false })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    }));
  it('accepts filled fields', () => expect(fieldMessages(loginFormSchema, { email: 'a@b.co', password: 'x', remember: true })).toEqual({}));
});

describe('register form', () => {
  it('accepts a complete form with the default role client', () =>
    expect(fieldMessages(registerFormSchema, validRegistration)).toEqual({}));

  it('reports every missing field', () =>
    expect(
      fieldMessages(registerFormSchema, {
        ...validRegistration,
        first_name: '  ',
        last_name: '',
        email: '',
        password: '',
        confirm_password: '',
      }),
    ).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name is required',
      email: 'Email is required',
      password: 'Password is required',
      confirm_password: 'Please confirm your password',
    }));

  it('checks the e-mail shape', () =>
    expect(fieldMessages(registerFormSchema, { ...validRegistration, email: 'not-an-email' }).email).toBe(
      'Please enter a valid email address',
    ));

  it('checks password strength', () => {
    expect(fieldMessages(registerFormSchema, { ...validRegistration, password: 'Ab1', confirm_password: 'Ab1' }).password).toBe(
      'Password must be at least 8 characters long',
    );
    expect(
      fieldMessages(registerFormSchema, { ...validRegistration, password: 'alllowercase1', confirm_password: 'alllowercase1' }).password,
    ).toBe('Password must contain at least one uppercase letter, one lowercase letter, and one number');
  });

  it('requires matching passwords', () =>
    expect(fieldMessages(registerFormSchema, { ...validRegistration, confirm_password: 'Secret124' }).confirm_password).toBe(
      'Passwords do not match',
    ));

  it('accepts phone digits, spaces, hyphens, parentheses and a leading plus only', () => {
    expect(fieldMessages(registerFormSchema, { ...validRegistration, phone: '+1 (555) 010-2030' })).toEqual({});
    expect(fieldMessages(registerFormSchema, { ...validRegistration, phone: '555-CALL' }).phone).toBe('Please enter a valid phone number');
  });

  it('offers only client and advisor', () => {
    expect(fieldMessages(registerFormSchema, { ...validRegistration, role: 'advisor' })).toEqual({});
    expect(fieldMessages(registerFormSchema, { ...validRegistration, role: 'client' })).toEqual({});
    expect(Object.keys(fieldMessages(registerFormSchema, { ...validRegistration, role: 'admin' }))).toEqual(['role']);
  });
});

describe('password reset', () => {
  it('requires a valid e-mail to request a link', () => {
    expect(fieldMessages(passwordResetRequestSchema, { email: '' }).email).toBe('Email is required');
    expect(fieldMessages(passwordResetRequestSchema, { email: 'nope' }).email).toBe('Please enter a valid email address');
  });

  it('checks the new password and the token', () => {
    expect(fieldMessages(passwordResetConfirmSchema, { token: 't', new_password: 'Short1', confirm_password: 'Short1' }).new_password).toBe(
      'Password must be at least 8 characters long',
    );
    expect(
      fieldMessages(passwordResetConfirmSchema, { token: 't', new_password: 'Secret123', confirm_password: 'Secret124' }).confirm_password,
    ).toBe('Passwords do not match');
    expect(fieldMessages(passwordResetConfirmSchema, { token: '', new_password: 'Secret123', confirm_password: 'Secret123' }).token).toBe(
      'Invalid or missing reset token',
    );
    expect(fieldMessages(passwordResetConfirmSchema, { token: 't', new_password: 'Secret123', confirm_password: 'Secret123' })).toEqual({});
  });
});

describe('2FA code', () => {
  it('needs exactly 6 digits', () => {
    for (const token of ['', '12345', '12a456', '1234567']) {
      expect(fieldMessages(twoFactorCodeFormSchema, { token }).token).toBe('Please enter a valid 6-digit verification code');
    }
    expect(fieldMessages(twoFactorCodeFormSchema, { token: '123456' })).toEqual({});
  });

  it('keeps digits only, at most 6, as the field is typed', () => {
    expect(sanitizeCode('12 3-4a5678')).toBe('123456');
    expect(sanitizeCode('abc')).toBe('');
  });

  it('asks for a recovery code when using one instead', () => {
    expect(fieldMessages(recoveryCodeFormSchema, { recovery_code: '  ' }).recovery_code).toBe('Please enter a recovery code');
    expect(fieldMessages(recoveryCodeFormSchema, { recovery_code: 'ABCD-1234' })).toEqual({});
  });
});

describe('change password problems (shown as a list)', () => {
  it('lists everything wrong with an empty form', () =>
    expect(changePasswordProblems({ current_password: '', new_password: '', confirm_password: '' })).toEqual([
      'Current password is required',
      'New password is required',
      'Password confirmation is required',
    ]));

  it('lists the strength problems, the mismatch and a reused password', () => {
    expect(changePasswordProblems({ current_password: 'abc', new_password: 'abc', confirm_password: 'abd' })).toEqual([
      'New password must be at least 8 characters long',
      'New password must contain at least one uppercase letter',
      'New password must contain at least one number',
      'New passwords do not match',
      'New password must be different from current password',
    ]);
  });
});
