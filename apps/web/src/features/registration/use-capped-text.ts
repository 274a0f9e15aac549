import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A text field's length limit that says so: `cap` cuts what was typed or pasted to `max` characters and
 * `notice` names the cut (to show beside the field) until the next change within the limit.
 */
export function useCappedText(max: number) {
  const { t } = useTranslation('registration');
  const [cutFrom, setCutFrom] = useState<number | null>(null);
  const cap = (typed: string): string => {
    setCutFrom(typed.length > max ? typed.length : null);
    return typed.slice(0, max);
  };
  return { cap, notice: cutFrom == null ? undefined : t('v.cut', { max, length: cutFrom }) };
}
