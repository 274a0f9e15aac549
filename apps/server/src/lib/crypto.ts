import { hash, randomBytes, randomInt, randomUUID } from 'node:crypto';

export const newTicket = () => randomBytes(32).toString('base64url');
/** one-shot (`crypto.hash`): a third of createHash's cost, which every call with a session paid */
export const sha256 = (s: string) => hash('sha256', s, 'hex');
export const newGuid = () => randomUUID();
export const newCode = () => randomBytes(16).toString('hex');
export const sixDigits = () => randomInt(100000, 1000000);
