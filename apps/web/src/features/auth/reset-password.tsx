import { AccountRequestForm } from './components/account-request-form';

/** /reset-password: ask the administrators for a password reset. */
export function Component() {
  return <AccountRequestForm kind="reset" />;
}
