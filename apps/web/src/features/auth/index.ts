// What other features use of sign-in: the dialog that changes the signed-in user's password.
export { ChangePasswordDialog } from './password/change-password-dialog.tsx';
