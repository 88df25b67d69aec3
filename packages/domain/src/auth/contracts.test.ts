import { describe, expect, it } from 'vitest';
import {
  changePasswordRequestSchema,
  emailMaxLength,
  loginRequestSchema,
  nameMaxLength,
  passwordResetConfirmSchema,
  refreshTokenRequestSchema,
  registerRequestSchema,
  tokenMaxLength,
  twoFactorCodeSchema,
} from './contracts.ts';
import { messages } from '../shared/messages.ts';
import { passwordMaxLength, presentedPasswordMaxLength } from './password-rules.ts';

const messagesOf = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } | undefined }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

const strong = (length: number) => `Aa1${'x'.repeat(length - 3)}`;

describe('request limits of the auth contracts', () => {
  const registration = { email: 'ada@example.com', password: 'Abcdefg1', first_name: 'Ada', last_name: 'Lovelace' };

  it('name each limit in its message', () => {
    expect(messages.passwordTooLong).toContain(String(passwordMaxLength));
    expect(messages.newPasswordTooLong).toContain(String(passwordMaxLength));
    expect(messages.emailTooLong).toContain(String(emailMaxLength));
    expect(messages.firstNameTooLong).toContain(String(nameMaxLength));
    expect(messages.lastNameTooLong).toContain(String(nameMaxLength));
  });

  it('accepts a new password of exactly the longest length', () => {
    expect(registerRequestSchema.safeParse({ ...registration, password: strong(passwordMaxLength) }).success).toBe(true);
  });

  it('refuses a longer new password with its own message and no other rule', () => {
    for (const password of [strong(passwordMaxLength + 1), 'x'.repeat(100_000)]) {
      expect(messagesOf(registerRequestSchema.safeParse({ ...registration, password }))).toEqual([['password', messages.passwordTooLong]]);
    }
    const reset = { token: 't', new_password: 'x'.repeat(100_000), confirm_password: 'x'.repeat(100_000) };
    expect(messagesOf(passwordResetConfirmSchema.safeParse(reset))).toEqual([
      ['new_password', messages.passwordTooLong],
      ['confirm_password', messages.passwordTooLong],
    ]);
  });

  it('keeps the spec’s complexity message for a password that lacks a kind of character', () => {
    expect(messagesOf(registerRequestSchema.safeParse({ ...registration, password: 'abcdefg1' }))).toEqual([
      ['password', messages.passwordComplexity],
    ]);
    expect(messagesOf(registerRequestSchema.safeParse({ ...registration, password: 'Ab1' }))).toEqual([
      ['password', messages.passwordTooShort],
    ]);
  });

  it('refuses an over-long e-mail and names before reading them', () => {
    const long = `${'a'.repeat(emailMaxLength)}@example.com`;
    expect(
      messagesOf(
        registerRequestSchema.safeParse({
          ...registration,
          email: long,
          first_name: 'A'.repeat(nameMaxLength + 1),
          last_name: 'L'.repeat(nameMaxLength + 1),
        }),
      ),
    ).toEqual([
      ['email', messages.emailTooLong],
      ['first_name', messages.firstNameTooLong],
      ['last_name', messages.lastNameTooLong],
    ]);
    expect(messagesOf(loginRequestSchema.safeParse({ username: long, password: 'x' }))).toEqual([['username', messages.emailTooLong]]);
  });

  it('signs in with a password longer than a new one may be, up to the presented limit', () => {
    expect(loginRequestSchema.safeParse({ email: 'ada@example.com', password: 'x'.repeat(presentedPasswordMaxLength) }).success).toBe(true);
    expect(
      messagesOf(loginRequestSchema.safeParse({ email: 'ada@example.com', password: 'x'.repeat(presentedPasswordMaxLength + 1) })),
    ).toEqual([['password', messages.invalidCredentials]]);
  });

  it('refuses an over-long new password on change with that problem alone', () => {
    const next = strong(passwordMaxLength + 1);
    expect(
      messagesOf(changePasswordRequestSchema.safeParse({ current_password: 'Old1pass', new_password: next, confirm_password: 'Abcdefg1' })),
    ).toEqual([['new_password', messages.newPasswordTooLong]]);
    expect(
      messagesOf(
        changePasswordRequestSchema.safeParse({
          current_password: 'x'.repeat(presentedPasswordMaxLength + 1),
          new_password: 'Abcdefg1',
          confirm_password: 'Abcdefg1',
        }),
      ),
    ).toEqual([['current_password', messages.currentPasswordWrong]]);
  });

  it('refuses over-long tokens and codes with the message of a bad one', () => {
    expect(messagesOf(refreshTokenRequestSchema.safeParse({ refresh_token: 'x'.repeat(tokenMaxLength + 1) }))).toEqual([
      ['refresh_token', messages.invalidRefreshToken],
    ]);
    expect(
      messagesOf(
        passwordResetConfirmSchema.safeParse({
          token: 'x'.repeat(tokenMaxLength + 1),
          new_password: 'Abcdefg1',
          confirm_password: 'Abcdefg1',
        }),
      ),
    ).toEqual([['token', messages.resetTokenMissing]]);
    expect(twoFactorCodeSchema.safeParse('1234567').error?.issues.map((issue) => issue.message)).toEqual([messages.twoFactorCodeInvalid]);
  });
});
