import { List, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { checkPassword, PASSWORD_SPECIALS, type PasswordCheck } from '@po/contract/constants';
import { useTranslation } from 'react-i18next';

const RULES: (keyof PasswordCheck)[] = ['length', 'lower', 'upper', 'digit', 'special'];

/** The password strength rule as a live checklist. */
export function PasswordRules({ value }: { value: string }) {
  const { t } = useTranslation('auth');
  const check = checkPassword(value);
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        {t('change.rules.title')}
      </Text>
      <List spacing={2} size="sm" center aria-label={t('change.rules.title')}>
        {RULES.map((r) => (
          <List.Item
            key={r}
            data-ok={check[r]}
            icon={
              <ThemeIcon
                color={check[r] ? 'teal' : 'gray'}
                size={18}
                radius="xl"
                variant={check[r] ? 'filled' : 'light'}
              >
                {check[r] ? <IconCheck size={12} /> : <IconX size={12} />}
              </ThemeIcon>
            }
          >
            <Text size="sm" c={check[r] ? 'teal.8' : 'dimmed'}>
              {t(`change.rules.${r}`, { chars: PASSWORD_SPECIALS })}
            </Text>
          </List.Item>
        ))}
      </List>
    </div>
  );
}
