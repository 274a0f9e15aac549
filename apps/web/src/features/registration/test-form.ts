/** A filled registration form for the registration tests: a sender and a receiver that price. */
import { emptyParcel, emptyParty, type PartyForm, type RegistrationForm } from './form-state';

/** A party with a code, a name, an address, an index and a zone (Tbilisi unless `over` says). */
export const filledParty = (over: Partial<PartyForm> = {}): PartyForm => ({
  ...emptyParty(),
  pid: '01001012345',
  name: 'ნინო',
  address: 'წერეთლის 116',
  postCode: '0100',
  zone: 1,
  cityId: 320,
  ...over,
});

/** A form from a Tbilisi sender to a Batumi receiver with the default parcel, changed by `over`. */
export const filledForm = (over: Partial<RegistrationForm> = {}): RegistrationForm => ({
  sender: filledParty(),
  receiver: filledParty({ pid: '', name: 'დავითი', postCode: '6000', zone: 3, cityId: 321 }),
  parcel: emptyParcel(),
  ...over,
});
