import { z } from 'zod';
import type { Guard } from './guard.ts';
import { fieldLabels } from './labels.ts';

/** A field's name as the user reads it, in both languages (validation messages name the field by it). */
export interface FieldLabel {
  ka: string;
  en: string;
}

/**
 * One call of the specification: method, name (the path is `/api/{name}`), the request
 * schema (query for GET, JSON body for POST; without Id and Ticket, which every
 * authenticated call carries and the platform checks) and the shape of `Data`.
 */
export type Method = 'GET' | 'POST';

/**
 * What a call does to parcels (DOMAIN.md "Parcel scope"), declared beside its guard: the server's
 * registrar gives the handler a parcel scope of this kind, and the parcels core refuses any other use:
 * - `none`: touches no parcel;
 * - `see`: reads parcels, and finds only those the caller may see (others answer as if they did not exist);
 * - `act`: also writes parcels the caller may act on (status, comment, registry, bag, deletion, payment, waybill);
 * - `create`: makes new parcels (registration) and touches no existing one.
 */
export type ParcelAccess = 'none' | 'see' | 'act' | 'create';
/**
 * Where a call's reads may go (docs/ops/replica.md): `primary` (the default) or `replica`, a read-only
 * call (a finder, an archive, a report, a journal) the server may send to a streaming replica
 * (`DATABASE_READ_URL`) when one is up, not lagging, and has the caller's own last write.
 */
export type ReadsFrom = 'primary' | 'replica';
export interface CallDef<
  N extends string = string,
  I extends z.ZodObject = z.ZodObject,
  O extends z.ZodType = z.ZodType,
  M extends Method = Method,
> {
  name: N;
  method: M;
  path: `/api/${N}`;
  input: I;
  output: O;
  /** false only for the calls that work without a session (login, public requests). */
  auth: boolean;
  summary: string;
  /** who may make the call (session calls): the server enforces it, the web's access rules reuse it */
  guard?: Guard;
  /** what the call does to parcels (session calls must declare it) */
  parcels?: ParcelAccess;
  /** a session whose password is temporary (set by an administrator) may make it: renew, log out */
  temporaryPassword?: boolean;
  /** where its reads may go: a replica only for a call that writes nothing */
  reads: ReadsFrom;
  /**
   * the input fields' labels (a validation message names the field by its label instead of its raw
   * name): the shared `fieldLabels` under the call's own
   */
  labels: Readonly<Record<string, FieldLabel>>;
}

/** A session call as the contract declares it: its guard and its parcel access. */
export type GuardedCall<C extends CallDef = CallDef> = C & { guard: Guard; parcels: ParcelAccess };

export function defineCall<
  N extends string,
  I extends z.ZodObject,
  O extends z.ZodType,
  M extends Method,
  G extends Guard | undefined = undefined,
>(
  method: M,
  name: N,
  input: I,
  output: O,
  opts: {
    auth?: boolean;
    summary?: string;
    guard?: G;
    /** what the call does to parcels: required with a guard */
    parcels?: ParcelAccess;
    /** open to a session whose password is temporary (every other session call refuses it) */
    temporaryPassword?: boolean;
    /** `replica`: a read-only call whose reads may go to a replica (default `primary`) */
    reads?: ReadsFrom;
    /** labels of the fields this call names differently from `fieldLabels` (or that only it takes) */
    labels?: Readonly<Record<string, FieldLabel>>;
  } = {},
): G extends Guard ? GuardedCall<CallDef<N, I, O, M>> : CallDef<N, I, O, M> {
  const def: CallDef<N, I, O, M> = {
    name,
    method,
    path: `/api/${name}`,
    input,
    output,
    auth: opts.auth ?? true,
    summary: opts.summary ?? name,
    guard: opts.guard,
    parcels: opts.parcels,
    temporaryPassword: opts.temporaryPassword,
    reads: opts.reads ?? 'primary',
    labels: opts.labels ? { ...fieldLabels, ...opts.labels } : fieldLabels,
  };
  return def as G extends Guard ? GuardedCall<CallDef<N, I, O, M>> : CallDef<N, I, O, M>;
}

export type CallInput<C extends CallDef> = z.input<C['input']>;
export type CallParsed<C extends CallDef> = z.output<C['input']>;
export type CallData<C extends CallDef> = z.output<C['output']>;

/** `Data.Ret` of write calls: above 0 is success. */
export const writeResult = z.object({ Ret: z.number() });
