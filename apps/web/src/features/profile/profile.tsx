import { Avatar, Checkbox, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { ROLE_NAMES } from '@po/contract/constants';
import { upperLatin } from '@po/contract/fields';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FINDER_COLUMNS,
  getFinderColumns,
  getRegistryFields,
  REGISTRY_FIELDS,
  setFinderColumns,
  setRegistryFields,
  type FinderColumn,
  type RegistryField,
} from '@/lib/preferences';
import { useSession } from '@/lib/session';

/** /profile ('my profile'): avatar, notes, operator data and the remembered column choices. */
export function ProfileScreen() {
  const { t, i18n } = useTranslation('profile');
  const session = useSession();
  const [columns, setColumns] = useState<FinderColumn[]>(getFinderColumns);
  const [fields, setFields] = useState<RegistryField[]>(getRegistryFields);
  if (!session) return null;

  const lang = i18n.language === 'en' ? 'en' : 'ka';
  const roleLabel = ROLE_NAMES[session.Role]?.[lang] ?? t('common:role.unknown', { role: session.Role });
  // Latin letters only: toUpperCase() turns Georgian into Mtavruli capitals
  const initials = upperLatin(
    session.Name.split(/\s+/)
      .map((p) => p[0])
      .join('')
      .slice(0, 2),
  );

  return (
    <Stack gap="lg" maw={1400}>
      <Title order={2}>{t('title')}</Title>
      <Paper withBorder p="md">
        <Group align="flex-start" wrap="nowrap" gap="lg">
          <Avatar
            src={session.AvatarUrl ?? undefined}
            alt={session.Name}
            size={88}
            radius="xl"
            color="indigo"
          >
            {initials}
          </Avatar>
          <div>
            <Text fw={600} size="lg">
              {session.Name}
            </Text>
            <Text size="sm" fw={500} mt="xs">
              {t('notes')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('notesText')}
            </Text>
          </div>
        </Group>
      </Paper>

      <Paper withBorder p="md">
        <Title order={3} size="h4" mb="sm">
          {t('operator')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 4 }}>
          <TextInput label={t('name')} value={session.Name} readOnly />
          <TextInput label={t('id')} value={session.Id.toUpperCase()} readOnly />
          <TextInput label={t('role')} value={roleLabel} readOnly />
          <TextInput label={t('login')} value={session.Login} readOnly />
          {session.note.OfficeName && (
            <TextInput label={t('office')} value={session.note.OfficeName} readOnly />
          )}
        </SimpleGrid>
      </Paper>

      <Paper withBorder p="md">
        <Checkbox.Group
          label={t('finderColumns')}
          value={columns}
          onChange={(v) => {
            const next = FINDER_COLUMNS.filter((c) => v.includes(c));
            setColumns(next);
            setFinderColumns(next);
          }}
        >
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 4 }} mt="sm" spacing="xs">
            {FINDER_COLUMNS.map((c) => (
              <Checkbox key={c} value={c} label={t(`columns.${c}`)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
      </Paper>

      <Paper withBorder p="md">
        <Checkbox.Group
          label={t('registryFields')}
          value={fields}
          onChange={(v) => {
            const next = REGISTRY_FIELDS.filter((f) => v.includes(f));
            setFields(next);
            setRegistryFields(next);
          }}
        >
          <Stack mt="sm" gap="xs">
            {REGISTRY_FIELDS.map((f) => (
              <Checkbox key={f} value={f} label={t(`fields.${f}`)} />
            ))}
          </Stack>
        </Checkbox.Group>
      </Paper>
    </Stack>
  );
}
