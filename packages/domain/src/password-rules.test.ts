import { describe, expect, it } from 'vitest';
import { changePasswordProblems, isStrongPassword } from './password-rules.ts';
import { messages } from './messages.ts';

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
  ])('%s → %s', (value, expected) => {
    expect(isStrongPassword(value)).toBe(expected);
  });
});
