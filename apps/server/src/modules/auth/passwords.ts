import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) with its recommended cost. */
export const hashPassword = (pw: string) => hash(pw);
export async function verifyPassword(hashed: string | null, pw: string): Promise<boolean> {
  if (!hashed) return false;
  try {
    return await verify(hashed, pw);
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
