import { describe, expect, it } from 'vitest';
import { decodeNote, encodeNote } from './note.ts';
import { parseClientDate, tbilisiDay, tbilisiDayStart } from './common.ts';
import { checkPassword, isStrongPassword } from './constants.ts';
import { formatMessage } from './messages.ts';

describe('session note', () => {
  it('round-trips Georgian text and flags through the XOR-by-index base64 encoding', () => {
    const note = {
      RegistrationDisable: true,
      IsAnother: false,
      IsCorporate: true,
      OfficeGUID: '55555555-5555-4555-8555-555555555555',
      RoleId: 107,
      DistributionCenter: '11111111-1111-4111-8111-111111111111',
      Pid: '404111222',
      OfficeName: 'საპატრულო პოლიცია',
    };
    const encoded = encodeNote(note);
    expect(encoded).toMatch(/^[A-Za-z0-9+/=]+$/);
    expect(decodeNote(encoded)).toEqual(note);
  });

  it('XORs each UTF-8 byte with its index (a client written from the spec decodes it)', () => {
    const encoded = encodeNote({
      RegistrationDisable: false,
      IsAnother: false,
      IsCorporate: false,
      OfficeGUID: 'g',
      RoleId: 105,
      DistributionCenter: '',
      Pid: '',
      OfficeName: 'ა',
    });
    const bytes = Buffer.from(encoded, 'base64');
    const plain = Buffer.from(bytes.map((b, i) => b ^ (i & 0xff))).toString('utf8');
    expect(plain).toBe('false;false;false;g;105;;;ა');
  });
});

describe('client dates', () => {
  it('reads US short dates as Tbilisi local time (UTC+4)', () => {
    expect(parseClientDate('11/22/2026')?.toISOString()).toBe('2026-11-21T20:00:00.000Z');
    expect(parseClientDate('11/22/2026 13:05')?.toISOString()).toBe('2026-11-22T09:05:00.000Z');
    expect(parseClientDate('11/22/2026, 1:05:00 PM')?.toISOString()).toBe('2026-11-22T09:05:00.000Z');
    expect(parseClientDate('2026-11-22T09:05:00Z')?.toISOString()).toBe('2026-11-22T09:05:00.000Z');
    expect(parseClientDate('2026-11-22')?.toISOString()).toBe('2026-11-21T20:00:00.000Z');
  });
  it('rejects impossible dates', () => {
    expect(parseClientDate('02/30/2026')).toBeNull();
    expect(parseClientDate('13/01/2026')).toBeNull();
    expect(parseClientDate('yesterday')).toBeNull();
  });
  it('knows the Tbilisi day of an instant', () => {
    expect(tbilisiDay(new Date('2026-11-21T20:30:00Z'))).toBe('2026-11-22');
    expect(tbilisiDayStart('2026-11-22').toISOString()).toBe('2026-11-21T20:00:00.000Z');
  });
});

describe('password strength', () => {
  it('needs 6+ characters with lower, upper, digit and a special character', () => {
    expect(isStrongPassword('Demo#2026')).toBe(true);
    expect(isStrongPassword('Ab1#')).toBe(false);
    expect(checkPassword('abcdef1!')).toMatchObject({
      upper: false,
      lower: true,
      digit: true,
      special: true,
    });
    expect(isStrongPassword('Abcdef12')).toBe(false);
  });
});

describe('messages', () => {
  it('fills placeholders and falls back to English on request', () => {
    expect(formatMessage('v.required', { field: 'Login' })).toBe('ველი „Login“ სავალდებულოა');
    expect(formatMessage('v.required', { field: 'Login' }, 'en')).toBe('Field "Login" is required');
  });
});
