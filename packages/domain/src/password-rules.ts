import { messages } from './messages.ts';

export const passwordMinLength = 8;

const hasLowercase = (value: string) => /[a-z]/.test(value);
const hasUppercase = (value: string) => /[A-Z]/.test(value);
const hasDigit = (value: string) => /\d/.test(value);

/** True when a password meets the strength rule (length, lower, upper, digit). */
export function isStrongPassword(value: string): boolean {
  return value.length >= passwordMinLength && hasLowercase(value) && hasUppercase(value) && hasDigit(value);
}

export type ChangePasswordValues = {
  current_password: string;
  new_password: string;
  confirm_password: string;
};

/** Every problem of a change-password form, in the order the spec lists them (shown as a list). */
export function changePasswordProblems(values: ChangePasswordValues): string[] {
  const problems: string[] = [];
  const { current_password: current, new_password: next, confirm_password: confirm } = values;
  if (!current) problems.push(messages.currentPasswordRequired);
  if (!next) {
    problems.push(messages.newPasswordRequired);
  } else {
    if (next.length < passwordMinLength) problems.push(messages.newPasswordTooShort);
    if (!hasLowercase(next)) problems.push(messages.newPasswordLowercase);
    if (!hasUppercase(next)) problems.push(messages.newPasswordUppercase);
    if (!hasDigit(next)) problems.push(messages.newPasswordNumber);
  }
  if (!confirm) problems.push(messages.passwordConfirmationRequired);
  else if (next && confirm !== next) problems.push(messages.newPasswordsDoNotMatch);
  if (current && next && current === next) problems.push(messages.newPasswordSameAsCurrent);
  return problems;
}
