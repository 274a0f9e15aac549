import { AccountRequestForm } from './components/account-request-form';

/** /reset-password: ask the administrators for a password reset. */
export function ResetPasswordScreen() {
  return <AccountRequestForm kind="reset" />;
}
