import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMessage } from '@po/contract';

export type Lang = 'ka' | 'en';
export const langOf = (language: string): Lang => (language.startsWith('en') ? 'en' : 'ka');

/** The server's sentence for a message key of the contract (shared rules), in the screen's language. */
export function useServerMessage() {
  const { i18n } = useTranslation();
  const lang = langOf(i18n.language);
  return useCallback(
    (key: string | null, params: Record<string, unknown> = {}) =>
      key ? formatMessage(key, params, lang) : null,
    [lang],
  );
}
