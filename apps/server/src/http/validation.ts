import type { z } from 'zod';
import { formatMessage, messages } from '@po/contract';
import { AppError } from './errors.ts';
import { Code } from '@po/contract';

/** Turns the first zod issue into a Georgian sentence that names the field and says why. */
export function validationError(error: z.ZodError, lang: 'ka' | 'en' = 'ka'): AppError {
  const issue = error.issues[0];
  const field = issue?.path.length ? issue.path.map(String).join('.') : 'request';
  let key = issue?.message && messages[issue.message] ? issue.message : '';
  if (!key) {
    switch (issue?.code) {
      case 'invalid_type':
        key = issue.input === undefined ? 'v.required' : 'v.invalid';
        break;
      case 'too_small':
        key = 'v.tooSmall';
        break;
      case 'too_big':
        key = 'v.tooBig';
        break;
      case 'invalid_value':
        key = 'v.oneOf';
        break;
      default:
        key = 'v.invalid';
    }
  }
  const params: Record<string, unknown> = { field };
  if (issue && 'minimum' in issue) params.min = issue.minimum;
  if (issue && 'maximum' in issue) params.max = issue.maximum;
  const err = new AppError(Code.BadInput, key, params);
  void formatMessage;
  void lang;
  return err;
}

/** Parses input with a schema, throwing a Georgian 400 on failure. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const res = schema.safeParse(input);
  if (!res.success) throw validationError(res.error);
  return res.data;
}
