/** Every response is HTTP 200 with this envelope. `Code` says what kind of outcome it is. */
export const Code = {
  Ok: 200,
  BadInput: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  TooMany: 429,
  Internal: 500,
} as const;
export type CodeValue = (typeof Code)[keyof typeof Code];

export interface Envelope<T> {
  Status: boolean;
  Code: number;
  Data: T | null;
  Error: string | null;
}

export interface WriteResult {
  Ret: number;
}
