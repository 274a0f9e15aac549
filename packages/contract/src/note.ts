/**
 * The session note (spec 000 §3): eight values joined by ';' —
 * RegistrationDisable;IsAnother;IsCorporate;OfficeGUID;RoleId;DistributionCenter;Pid;OfficeName —
 * encoded as UTF-8, each byte XORed with its index (mod 256), then base64.
 */
export interface SessionNote {
  RegistrationDisable: boolean;
  IsAnother: boolean;
  IsCorporate: boolean;
  OfficeGUID: string;
  RoleId: number;
  DistributionCenter: string;
  Pid: string;
  OfficeName: string;
}

const clean = (s: string) => s.replaceAll(';', ',');

function toBase64(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}
function fromBase64(text: string): Uint8Array {
  const bin = atob(text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
function xorIndex(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = bytes[i] ^ (i & 0xff);
  return out;
}

export function encodeNote(n: SessionNote): string {
  const text = [
    n.RegistrationDisable ? 'true' : 'false',
    n.IsAnother ? 'true' : 'false',
    n.IsCorporate ? 'true' : 'false',
    n.OfficeGUID,
    String(n.RoleId),
    n.DistributionCenter ?? '',
    clean(n.Pid ?? ''),
    clean(n.OfficeName ?? ''),
  ].join(';');
  return toBase64(xorIndex(new TextEncoder().encode(text)));
}

const truthy = (v: string | undefined) => v?.toLowerCase() === 'true' || v === '1';

export function decodeNote(note: string): SessionNote {
  const text = new TextDecoder().decode(xorIndex(fromBase64(note)));
  const p = text.split(';');
  if (p.length < 8) throw new Error('bad note');
  return {
    RegistrationDisable: truthy(p[0]),
    IsAnother: truthy(p[1]),
    IsCorporate: truthy(p[2]),
    OfficeGUID: p[3],
    RoleId: Number(p[4]),
    DistributionCenter: p[5],
    Pid: p[6],
    OfficeName: p.slice(7).join(';'),
  };
}
