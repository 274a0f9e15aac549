import { Collapse, Group, Paper, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A report's heading; clicking it shows or hides the filter panel under it (spec 000 §2.4, §2.5). */
export function FilterPanel({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('reports');
  const [open, { toggle }] = useDisclosure(true);
  return (
    <Paper withBorder p="sm" radius="md">
      <UnstyledButton onClick={toggle} aria-expanded={open} title={t('toggleFilters')} w="100%">
        <Group gap="xs" wrap="nowrap">
          {open ? <IconChevronDown size={20} /> : <IconChevronRight size={20} />}
          <Title order={2} size="h3">
            {title}
          </Title>
        </Group>
      </UnstyledButton>
      <Collapse expanded={open}>
        <Group align="flex-end" gap="sm" mt="sm" wrap="wrap">
          {children}
        </Group>
      </Collapse>
    </Paper>
  );
}
