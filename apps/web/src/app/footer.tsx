import { Group, Image, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import designerMark from '@/assets/designer-mark.svg';

/** "© 2022-23" copyright line with the designer credit and a small image. */
export function AppFooter() {
  const { t } = useTranslation('layout');
  return (
    <Group component="footer" justify="center" gap="xs" py="sm" px="md" wrap="wrap">
      <Image src={designerMark} alt="" w={18} h={18} />
      <Text size="xs" c="dimmed">
        {t('footer.copyright')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('footer.designer')}
      </Text>
    </Group>
  );
}
