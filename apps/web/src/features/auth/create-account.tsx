import { AccountRequestForm } from './components/account-request-form';

/** /create-account: ask the administrators for a new account. */
export function CreateAccountScreen() {
  return <AccountRequestForm kind="create" />;
}
