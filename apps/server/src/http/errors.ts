import { Code, formatMessage } from '@po/contract';

/** A failure the client should see: a Code, a message key from the catalogue and its parameters. */
export class AppError extends Error {
  constructor(
    public readonly code: number,
    public readonly key: string,
    public readonly params: Record<string, unknown> = {},
    /** extra Data to send with the failure (e.g. a recovery code) */
    public readonly data: unknown = null,
  ) {
    super(key);
    this.name = 'AppError';
  }
  text(lang: 'ka' | 'en' = 'ka'): string {
    return formatMessage(this.key, this.params, lang);
  }
}

export const badInput = (key: string, params: Record<string, unknown> = {}) =>
  new AppError(Code.BadInput, key, params);
export const notFound = (key = 'common.notFound', params: Record<string, unknown> = {}) =>
  new AppError(Code.NotFound, key, params);
export const conflict = (key = 'common.conflict', params: Record<string, unknown> = {}) =>
  new AppError(Code.Conflict, key, params);
export const forbidden = (key = 'auth.forbidden', params: Record<string, unknown> = {}) =>
  new AppError(Code.Forbidden, key, params);
export const unauthorized = () => new AppError(Code.Unauthorized, 'auth.required');
