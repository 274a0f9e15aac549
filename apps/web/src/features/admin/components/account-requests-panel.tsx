import { Badge, Button, Card, Group, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '@/lib/notify';
import { formatDateTime } from '@/lib/format';
import { useAccountRequests, useHandleAccountRequest } from '../api/account-requests';

/** The password-reset and new-account requests people sent from the public screens, with a "handled" action. */
export function AccountRequestsPanel() {
  const { t } = useTranslation('admin');
  const requests = useAccountRequests();
  const handle = useHandleAccountRequest();
  const [showHandled, setShowHandled] = useState(false);
  const rows = (requests.data ?? []).filter((r) => showHandled || !r.Handled);

  async function markHandled(id: number) {
    try {
      await handle.mutateAsync(id);
      notifySuccess(t('requests.handled'));
    } catch (err) {
      notifyError(err);
    }
  }

  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {t('requests.title')}
          </Title>
          <Switch
            label={t('requests.showHandled')}
            checked={showHandled}
            onChange={(e) => setShowHandled(e.currentTarget.checked)}
          />
        </Group>
        {rows.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('requests.none')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={800}>
            <Table striped aria-label={t('requests.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('requests.date')}</Table.Th>
                  <Table.Th>{t('requests.kind')}</Table.Th>
                  <Table.Th>{t('requests.login')}</Table.Th>
                  <Table.Th>{t('requests.name')}</Table.Th>
                  <Table.Th>{t('requests.contact')}</Table.Th>
                  <Table.Th>{t('requests.office')}</Table.Th>
                  <Table.Th>{t('requests.message')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.ID}>
                    <Table.Td>{formatDateTime(r.CreateDate)}</Table.Td>
                    <Table.Td>
                      <Badge
                        variant="light"
                        tt="none"
                        color={r.Kind === 'reset' ? 'orange' : 'blue'}
                        // the whole kind, not "პაროლის აღ…": the label keeps its width in the table
                        styles={{ label: { overflow: 'visible' } }}
                      >
                        {t(r.Kind === 'reset' ? 'requests.reset' : 'requests.create')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{r.Login}</Table.Td>
                    <Table.Td>{r.Name}</Table.Td>
                    <Table.Td>{[r.Phone, r.Email].filter(Boolean).join(', ')}</Table.Td>
                    <Table.Td>{r.Office}</Table.Td>
                    <Table.Td>{r.Message}</Table.Td>
                    <Table.Td>
                      {r.Handled ? (
                        <Text size="xs" c="dimmed">
                          {t('requests.handledBy', { login: r.HandledBy ?? '' })}
                        </Text>
                      ) : (
                        <Button
                          size="xs"
                          variant="light"
                          tt="none"
                          loading={handle.isPending && handle.variables === r.ID}
                          onClick={() => void markHandled(r.ID)}
                        >
                          {t('requests.handle')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
