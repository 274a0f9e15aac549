import { beforeEach, describe, expect, it } from 'vitest';
import {
  emptyParcel,
  emptyParty,
  formErrors,
  fullAddress,
  initialSender,
  keepTyped,
  refusedNumber,
  toRequest,
  validate,
  type RegistrationForm,
} from './form-state';
import { filledForm, filledParty } from './test-form';
import { addToBook, deleteFromBook, findInBook, loadBook, loadDefaults, saveDefaults } from './local-book';
import type { SessionState } from '@/lib/session';

const party = filledParty;
const form = filledForm;

describe('number fields take numbers only, within the contract’s limits (issue 37)', () => {
  it.each([
    ['weight', '1.5', null],
    ['weight', '', null],
    ['weight', '0.', null],
    ['weight', '0,5', null],
    ['weight', '500', null],
    ['weight', '1.5kg', 'v.notNumber'],
    ['weight', 'abc', 'v.notNumber'],
    ['weight', '1e9', 'v.notNumber'],
    ['weight', '12345678901', 'v.weightMax'],
    ['weight', '500.1', 'v.weightMax'],
    ['weight', '1.55', 'v.weight'],
    ['weight', '-5', 'v.weight'],
    ['packages', '-5', 'v.dimensions'],
    ['packages', '2.5', 'v.wholeNumber'],
    ['packages', '101', 'v.packagesMax'],
    ['packages', '100', null],
    ['height', '301', 'v.dimensionMax'],
    ['height', '12.5', null],
    ['length', '-1', 'v.dimensions'],
  ] as const)('%s "%s" → %s', (field, text, rule) => {
    expect(refusedNumber(field, text)).toBe(rule);
  });
});

describe('every field in error at once (issue 37)', () => {
  it('names each missing field of an empty form, in screen order', () => {
    const empty: RegistrationForm = { sender: emptyParty(), receiver: emptyParty(), parcel: emptyParcel() };
    expect(formErrors(empty)).toEqual([
      ['sender-pid', 'v.universalCode'],
      ['sender-name', 'v.senderName'],
      ['sender-city', 'v.senderAddress'],
      ['sender-address', 'v.senderAddress'],
      ['receiver-name', 'v.receiverName'],
      ['receiver-city', 'v.receiverAddress'],
      ['receiver-address', 'v.receiverAddress'],
    ]);
  });
  it('has nothing to say about a complete form, and names a broken number beside its field', () => {
    expect(formErrors(form())).toEqual([]);
    expect(formErrors(form({ parcel: { ...emptyParcel(), weight: '0.05', packages: '' } }))).toEqual([
      ['parcel-packages', 'v.notNumber'],
      ['parcel-weight', 'v.weight'],
    ]);
  });
});

describe('the sender re-initialised after a registration', () => {
  it('keeps what the clerk has typed since the reset', () => {
    const fresh = { ...emptyParty(), office: 'office-guid' };
    expect(keepTyped({ ...emptyParty(), pid: '0100' }, fresh)).toEqual({ ...fresh, pid: '0100' });
  });
});

describe('the registration rules on the screen (spec 002 §5, the server’s order)', () => {
  it('accepts a complete form', () => {
    expect(validate(form(), 'register')).toBeNull();
  });
  it.each([
    [
      'manual barcode of 8',
      { parcel: { ...emptyParcel(), generate: false, barcode: 'AB123456' } },
      'v.barcode',
    ],
    ['prefix with a digit', { parcel: { ...emptyParcel(), prefix: 'A1' } }, 'v.prefix'],
    ['sender pays without code', { sender: party({ pid: '' }) }, 'v.universalCode'],
    ['receiver pays without code', { parcel: { ...emptyParcel(), payer: 8701 } }, 'v.universalCode'],
    ['no sender name', { sender: party({ name: ' ' }) }, 'v.senderName'],
    ['short address after stripping', { sender: party({ address: "a.b;c'" }) }, 'v.senderAddress'],
    ['no receiver index', { receiver: party({ postCode: '' }) }, 'v.receiverAddress'],
    ['weight 0.15', { parcel: { ...emptyParcel(), weight: '0.15' } }, 'v.weight'],
    ['weight 1,25 (off the step)', { parcel: { ...emptyParcel(), weight: '1,25' } }, 'v.weight'],
    ['negative weight', { parcel: { ...emptyParcel(), weight: '-5' } }, 'v.weight'],
    ['weight above the limit', { parcel: { ...emptyParcel(), weight: '100000' } }, 'v.weightMax'],
    ['negative width', { parcel: { ...emptyParcel(), width: '-1' } }, 'v.dimensions'],
    ['length 1e9 is not a number', { parcel: { ...emptyParcel(), length: '1e9' } }, 'v.notNumber'],
    ['length above the limit', { parcel: { ...emptyParcel(), length: '99999999' } }, 'v.dimensionMax'],
    ['weight "abc"', { parcel: { ...emptyParcel(), weight: 'abc' } }, 'v.notNumber'],
    ['1.5 packages', { parcel: { ...emptyParcel(), packages: '1.5' } }, 'v.wholeNumber'],
  ])('%s', (_n, over, key) => {
    expect(validate(form(over as Partial<RegistrationForm>), 'register')).toBe(key);
  });
  it('prices without a barcode or names', () => {
    const f = form({
      sender: party({ name: '' }),
      parcel: { ...emptyParcel(), generate: false, barcode: '' },
    });
    expect(validate(f, 'price')).toBeNull();
  });
});

describe('the request', () => {
  it('uses the specification’s names: TermsOfPaymentID the payer, PayType the payment type, Pid the payer’s code', () => {
    const f = form({
      parcel: { ...emptyParcel(), payer: 8701, payType: 0 },
      receiver: party({ pid: '204567890' }),
    });
    const body = toRequest(f);
    expect(body).toMatchObject({
      TermsOfPaymentID: 8701,
      PayType: 0,
      Pid: '204567890',
      ReceiveZone: 1,
      SenderZone: 1,
    });
    expect(toRequest(form({ sender: party({ address: "ქ. ვაკე; 'ა'" }) })).SenderAddres).toBe('ქ ვაკე ა');
  });
  it('composes the full address line', () => {
    expect(fullAddress(party(), 'თბილისი', 'წყნეთი')).toBe('თბილისი, წყნეთი, წერეთლის 116, 0100');
    // a corporate office's address names its city already: not twice
    expect(fullAddress(party({ address: 'თბილისი, გულუას ქ 10' }), 'თბილისი')).toBe(
      'თბილისი, გულუას ქ 10, 0100',
    );
  });
  it('sends the numbers as typed, with a decimal comma', () => {
    expect(toRequest(form({ parcel: { ...emptyParcel(), weight: '1,5', length: '' } }))).toMatchObject({
      Weight: 1.5,
      Length: 0,
    });
  });
  it('fixes a corporate user’s sender from the account', () => {
    const s = {
      Role: 107,
      note: { IsCorporate: true, Pid: '404111222', OfficeName: 'პოლიცია', OfficeGUID: 'g-1' },
    } as unknown as SessionState;
    expect(initialSender(s, { CityID: 320, Sender: 'თბილისი, გულუას ქ. 10' })).toMatchObject({
      pid: '404111222',
      name: 'პოლიცია',
      office: 'g-1',
      cityId: 320,
      address: 'თბილისი, გულუას ქ 10',
    });
  });
});

describe('the local address book and defaults', () => {
  beforeEach(() => localStorage.clear());
  it('adds, finds and deletes entries; refuses empty adds and unknown ids', () => {
    expect(addToBook(emptyParty())).toEqual({ ok: false, error: 'nothingToAdd' });
    const added = addToBook(party());
    expect(added.ok && added.entry?.addresses).toEqual(['წერეთლის 116']);
    addToBook(party({ address: 'ვაკე 12345' }));
    expect(loadBook()).toHaveLength(1);
    expect(loadBook()[0].addresses).toEqual(['ვაკე 12345', 'წერეთლის 116']);
    const id = loadBook()[0].ID;
    expect(findInBook(id).ok).toBe(true);
    expect(deleteFromBook(null)).toEqual({ ok: false, error: 'nothingSelected' });
    expect(deleteFromBook('nope')).toEqual({ ok: false, error: 'notFound' });
    expect(deleteFromBook(id).ok).toBe(true);
    expect(loadBook()).toHaveLength(0);
  });
  it('holds at most 2000 entries', () => {
    localStorage.setItem(
      'po.registration.book',
      JSON.stringify(
        Array.from({ length: 2000 }, (_, i) => ({ ID: String(i), Name: `n${i}`, Pid: '', addresses: [] })),
      ),
    );
    expect(addToBook(party())).toEqual({ ok: false, error: 'full' });
  });
  it('saves the default register settings', () => {
    expect(loadDefaults()).toEqual({ generate: true, autoPrint: true, prefix: '' });
    saveDefaults({ generate: false, autoPrint: false, prefix: 'AB' });
    expect(loadDefaults()).toEqual({ generate: false, autoPrint: false, prefix: 'AB' });
  });
});
