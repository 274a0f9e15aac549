/**
 * Test data shared by the server's tests and the browser journeys (`@po/contract/testing`; the apps
 * never import it). It lives in the contract because both may import the contract and neither may
 * import the other.
 */
import type { CallInput } from '../call.ts';
import type { Registration } from '../registration.ts';

/**
 * A Registration (and CalcPrice) request body: the call's input fields by their names, each optional
 * (the server fills defaults); a misspelt field does not compile.
 */
export type RegistrationBody = Partial<CallInput<typeof Registration>>;

/**
 * A registration body the way the counter sends one: the demo sender (a personal number, Tbilisi) and
 * receiver (Batumi), 0.5 kg, the default parcel type, paid by the sender, non-cash, a generated
 * barcode; `over` changes or adds any field of the call.
 */
export const registrationBody = (over: RegistrationBody = {}): RegistrationBody => ({
  BarCodeGeneration: true,
  TermsOfPaymentID: 8700,
  PayType: 1,
  Pid: '01001012345',
  SenderName: 'ნინო გელაშვილი',
  SenderAddres: 'წერეთლის გამზ 116',
  SenderPostCode: '0100',
  SenderCityID: 320,
  ReceiverName: 'დავით მაისურაძე',
  ReceiverAddres: 'ჭავჭავაძის ქ 51',
  ReceiverPostCode: '6000',
  ReceiverCityID: 321,
  Weight: 0.5,
  ParcelType: 8698,
  ...over,
});
