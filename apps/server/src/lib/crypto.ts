import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';

export const newTicket = () => randomBytes(32).toString('base64url');
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const newGuid = () => randomUUID();
export const newCode = () => randomBytes(16).toString('hex');
export const sixDigits = () => randomInt(100000, 1000000);
