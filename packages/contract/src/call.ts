import { z } from 'zod';

/**
 * One call of the specification: method, name (the path is `/api/{name}`), the request
 * schema (query for GET, JSON body for POST; without Id and Ticket, which every
 * authenticated call carries and the platform checks) and the shape of `Data`.
 */
export interface CallDef<
  N extends string = string,
  I extends z.ZodObject = z.ZodObject,
  O extends z.ZodType = z.ZodType,
> {
  name: N;
  method: 'GET' | 'POST';
  path: `/api/${N}`;
  input: I;
  output: O;
  /** false only for the calls that work without a session (login, public requests). */
  auth: boolean;
  summary: string;
}

export function defineCall<N extends string, I extends z.ZodObject, O extends z.ZodType>(
  method: 'GET' | 'POST',
  name: N,
  input: I,
  output: O,
  opts: { auth?: boolean; summary?: string } = {},
): CallDef<N, I, O> {
  return {
    name,
    method,
    path: `/api/${name}`,
    input,
    output,
    auth: opts.auth ?? true,
    summary: opts.summary ?? name,
  };
}

export type CallInput<C extends CallDef> = z.input<C['input']>;
export type CallParsed<C extends CallDef> = z.output<C['input']>;
export type CallData<C extends CallDef> = z.output<C['output']>;

/** `Data.Ret` of write calls: above 0 is success. */
export const writeResult = z.object({ Ret: z.number() });
