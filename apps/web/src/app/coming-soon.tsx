import { Alert, Stack, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '@/app/screen-title';

/** The placeholder of a screen that is not built yet: its title and a short notice. */
export function ComingSoonScreen() {
  const { t } = useTranslation('layout');
  const title = useScreenTitle();
  return (
    <Stack gap="md" maw={720}>
      <Title order={2}>{title}</Title>
      <Alert icon={<IconTools size={20} />} color="blue" variant="light" title={t('comingSoon.title')}>
        {t('comingSoon.text')}
      </Alert>
    </Stack>
  );
}
