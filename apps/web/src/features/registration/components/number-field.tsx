import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  LIMIT_PARAMS,
  numberError,
  refusedNumber,
  type NumberField as Field,
  type RuleKey,
} from '../form-state';

export interface NumberFieldProps {
  field: Field;
  label: string;
  value: string;
  onChange: (text: string) => void;
  disabled: boolean;
}

/**
 * A number of the parcel: it takes numbers only, within the contract's limits. A keystroke or paste it
 * refuses leaves the value as it was and says why beside the field; a value on its way to a good one
 * ("0.") stays as typed with its own rule beside it, never rewritten silently.
 */
export function NumberField({ field, label, value, onChange, disabled }: NumberFieldProps) {
  const { t } = useTranslation('registration');
  const [refused, setRefused] = useState<RuleKey | null>(null);
  const error = refused ?? numberError(field, value);
  return (
    <TextInput
      id={`parcel-${field}`}
      label={label}
      value={value}
      onChange={(e) => {
        const text = e.currentTarget.value;
        const why = refusedNumber(field, text);
        setRefused(why);
        if (!why) onChange(text);
      }}
      inputMode={field === 'packages' ? 'numeric' : 'decimal'}
      error={error ? t(error, LIMIT_PARAMS) : undefined}
      disabled={disabled}
      autoComplete="off"
    />
  );
}
