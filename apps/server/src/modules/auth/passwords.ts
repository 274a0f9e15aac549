import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { limiter } from '../../lib/limit.ts';

/**
 * One password computation per core at a time: each holds 19 MB (argon2id's memory cost) while it
 * runs, and more than the cores at once only share the same processors, so a burst of logins waits
 * here instead of holding the memory (the embedded server's peak; issue 20).
 */
const hashing = limiter(Math.max(1, os.availableParallelism()));

/** argon2id (the library's default algorithm) with its recommended cost. */
export const hashPassword = (pw: string) => hashing(() => hash(pw));
export async function verifyPassword(hashed: string | null, pw: string): Promise<boolean> {
  if (!hashed) return false;
  try {
    return await hashing(() => verify(hashed, pw));
  } catch {
    return false;
  }
}
/** Spends the time of a real check when the user does not exist, so timing does not reveal logins. */
let dummy: Promise<string> | null = null;
export async function burnVerify(pw: string): Promise<void> {
  dummy ??= hash('not-a-real-password-#1');
  await verifyPassword(await dummy, pw);
}
