import { describe, expect, it } from 'vitest';
import { changePasswordProblems, isStrongPassword, passwordMaxLength } from './password-rules.ts';
import { messages } from '../shared/messages.ts';

describe('changePasswordProblems', () => {
  it('lists every missing field', () => {
    expect(changePasswordProblems({ current_password: '', new_password: '', confirm_password: '' })).toEqual([
      messages.currentPasswordRequired,
      messages.newPasswordRequired,
      messages.passwordConfirmationRequired,
    ]);
  });

  it('lists each strength rule a weak new password breaks', () => {
    expect(changePasswordProblems({ current_password: 'Old1pass', new_password: 'abc', confirm_password: 'abc' })).toEqual([
      messages.newPasswordTooShort,
      messages.newPasswordUppercase,
      messages.newPasswordNumber,
    ]);
  });

  it('refuses a mismatched confirmation and a reused password', () => {
    expect(changePasswordProblems({ current_password: 'Same1pass', new_password: 'Same1pass', confirm_password: 'Other1pass' })).toEqual([
      messages.newPasswordsDoNotMatch,
      messages.newPasswordSameAsCurrent,
    ]);
  });

  it('refuses an over-long new password without checking it further', () => {
    const next = 'x'.repeat(passwordMaxLength + 1);
    expect(changePasswordProblems({ current_password: 'Old1pass', new_password: next, confirm_password: next })).toEqual([
      messages.newPasswordTooLong,
    ]);
  });

  it('accepts a good change', () => {
    expect(changePasswordProblems({ current_password: 'Old1pass', new_password: 'New1passw', confirm_password: 'New1passw' })).toEqual([]);
  });
});

describe('isStrongPassword', () => {
  it.each([
    ['Abcdefg1', true],
    ['abcdefg1', false],
    ['ABCDEFG1', false],
    ['Abcdefgh', false],
    ['Abc1', false],
    [`Abc1${'x'.repeat(passwordMaxLength - 4)}`, true],
    [`Abc1${'x'.repeat(passwordMaxLength - 3)}`, false],
  ])('%s → %s', (value, expected) => {
    expect(isStrongPassword(value)).toBe(expected);
  });
});
