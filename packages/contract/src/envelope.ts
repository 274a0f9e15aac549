/** Every response is HTTP 200 with this envelope. `Code` says what kind of outcome it is. */
export const Code = {
  Ok: 200,
  BadInput: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  /** a write not sent as application/json */
  UnsupportedMedia: 415,
  TooMany: 429,
  Internal: 500,
  /** the server is starting, stopping, or cannot reach its database (`/api/ready`) */
  Unavailable: 503,
} as const;
export type CodeValue = (typeof Code)[keyof typeof Code];

export interface Envelope<T> {
  Status: boolean;
  Code: number;
  Data: T | null;
  Error: string | null;
  /**
   * Beyond the spec's four fields, on failures only: the machine-readable message key of `Error`
   * (e.g. `registration.noTariff`, `v.required`), so clients recognise an error without comparing sentences.
   */
  Key?: string;
}

export interface WriteResult {
  Ret: number;
}
