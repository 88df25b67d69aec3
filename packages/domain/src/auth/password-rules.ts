import { messages } from '../shared/messages.ts';

export const passwordMinLength = 8;
/** Checked before any other rule, so a huge value is refused before it is scanned or hashed. */
export const passwordMaxLength = 128;
/**
 * A password presented to be checked (sign-in, the current one on a change) may be longer: one set
 * before passwordMaxLength existed must still work.
 */
export const presentedPasswordMaxLength = 1024;

// One class each, tested separately: linear in the length (look-aheads combined in one pattern are not).
const hasLowercase = (value: string) => /[a-z]/.test(value);
const hasUppercase = (value: string) => /[A-Z]/.test(value);
const hasDigit = (value: string) => /\d/.test(value);

/** True when a password mixes a lowercase letter, an uppercase letter and a digit. */
export const mixesCharacterKinds = (value: string) => hasLowercase(value) && hasUppercase(value) && hasDigit(value);

/** True when a password meets the strength rule (length, lower, upper, digit). */
export function isStrongPassword(value: string): boolean {
  return value.length >= passwordMinLength && value.length <= passwordMaxLength && mixesCharacterKinds(value);
}

export type ChangePasswordValues = {
  current_password: string;
  new_password: string;
  confirm_password: string;
};

export type ChangePasswordIssue = { field: keyof ChangePasswordValues; message: string };

/** Every problem of a change-password form with the field it belongs to, in the order the spec lists them. */
export function changePasswordIssues(values: ChangePasswordValues): ChangePasswordIssue[] {
  const issues: ChangePasswordIssue[] = [];
  const add = (field: ChangePasswordIssue['field'], message: string) => issues.push({ field, message });
  const { current_password: current, new_password: next, confirm_password: confirm } = values;
  if (!current) add('current_password', messages.currentPasswordRequired);
  if (!next) {
    add('new_password', messages.newPasswordRequired);
  } else if (next.length > passwordMaxLength) {
    add('new_password', messages.newPasswordTooLong);
  } else {
    if (next.length < passwordMinLength) add('new_password', messages.newPasswordTooShort);
    if (!hasLowercase(next)) add('new_password', messages.newPasswordLowercase);
    if (!hasUppercase(next)) add('new_password', messages.newPasswordUppercase);
    if (!hasDigit(next)) add('new_password', messages.newPasswordNumber);
  }
  if (!confirm) add('confirm_password', messages.passwordConfirmationRequired);
  else if (next && confirm !== next) add('confirm_password', messages.newPasswordsDoNotMatch);
  if (current && next && current === next) add('new_password', messages.newPasswordSameAsCurrent);
  return issues;
}

/** The messages alone, as the change-password dialog lists them. */
export const changePasswordProblems = (values: ChangePasswordValues): string[] =>
  changePasswordIssues(values).map((issue) => issue.message);
