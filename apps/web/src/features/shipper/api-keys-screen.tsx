import {
  Alert,
  Button,
  Checkbox,
  CopyButton,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiKeyRow, ApiScope } from '@po/contract/shipper';
import { DataGrid } from '@/components/data-grid/data-grid';
import type { GridColumn } from '@/components/data-grid/types';
import { DateField } from '@/components/date-field/date-field';
import { askConfirm } from '@/components/confirm/ask-confirm';
import { notifyError, notifySuccess } from '@/lib/notify';
import {
  useApiKeys,
  useCorporateOffices,
  useCreateApiKey,
  useRevokeApiKey,
  type NewApiKey,
} from './api/api-keys';

const SCOPES: readonly ApiScope[] = ['register', 'read', 'cancel'];

/**
 * /shipper-keys (issue 39): the shipper API keys of the corporate clients' offices: prefix, scopes, creation,
 * last use, expiry and state; a new key is shown once in its dialog (with a copy button) and never
 * again; a revoke asks first and holds at once.
 */
export function ApiKeysScreen() {
  const { t } = useTranslation('shipper');
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  // the picked key as the list now has it (a revoke changes its state)
  const selected = keys.data?.find((k) => k.Id === picked) ?? null;

  const columns = useMemo<GridColumn<ApiKeyRow>[]>(
    () => [
      { field: 'Name', header: t('name'), width: 200 },
      { field: 'OfficeName', header: t('office'), width: 200 },
      { field: 'Prefix', header: t('prefix'), width: 130 },
      {
        field: 'Scopes',
        header: t('scopes'),
        width: 220,
        format: (v) => (v as ApiScope[]).map((s) => t(`scope.${s}`)).join(', '),
      },
      { field: 'CreatedAt', header: t('createdAt'), width: 150, type: 'datetime' },
      { field: 'LastUsedAt', header: t('lastUsedAt'), width: 150, type: 'datetime' },
      { field: 'ExpiresAt', header: t('expiresAt'), width: 150, type: 'datetime' },
      { field: 'State', header: t('state'), width: 120, format: (v) => t(`states.${String(v)}`) },
    ],
    [t],
  );

  const doRevoke = async () => {
    if (!selected) return;
    const yes = await askConfirm({
      message: t('revokeQuestion', { name: selected.Name, prefix: selected.Prefix }),
      confirm: t('revoke'),
      danger: true,
    });
    if (!yes) return;
    revoke.mutate(selected.Id, {
      onSuccess: () => notifySuccess(t('revoked', { name: selected.Name })),
      onError: (e) => notifyError(e),
    });
  };

  return (
    <Stack gap="md">
      <Title order={2}>{t('title')}</Title>
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      <DataGrid<ApiKeyRow>
        label={t('title')}
        columns={columns}
        data={keys.data}
        loading={keys.isFetching}
        rowKey="Id"
        storageKey="po.grid.shipper.keys"
        exportFileName={t('title')}
        selection="single"
        onSelectionChange={(_, rows) => setPicked(rows[0]?.Id ?? null)}
        onRefresh={() => void keys.refetch()}
        toolbar={
          <Group gap="xs">
            <Button size="xs" onClick={() => setCreating(true)}>
              {t('create')}
            </Button>
            <Button
              size="xs"
              color="red"
              variant="light"
              onClick={() => void doRevoke()}
              disabled={!selected || selected.State === 'revoked'}
              loading={revoke.isPending}
            >
              {t('revoke')}
            </Button>
          </Group>
        }
      />
      <CreateKeyDialog opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}

const EMPTY: NewApiKey = { OfficeGUID: '', Name: '', Scopes: ['register', 'read'], ExpiresAt: '' };

/** The create dialog: office, name, scopes, expiry; then the key itself, once, with a copy button. */
function CreateKeyDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('shipper');
  const offices = useCorporateOffices();
  const create = useCreateApiKey();
  const [form, setForm] = useState<NewApiKey>(EMPTY);
  const [secret, setSecret] = useState<string | null>(null);
  const close = () => {
    setForm(EMPTY);
    setSecret(null);
    create.reset();
    onClose();
  };
  const submit = () =>
    create.mutate(form, {
      onSuccess: (data) => setSecret(data.Key),
      onError: (e) => notifyError(e),
    });
  const toggle = (s: ApiScope, on: boolean) =>
    setForm((f) => ({ ...f, Scopes: on ? [...f.Scopes, s] : f.Scopes.filter((x) => x !== s) }));

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={secret ? t('madeTitle') : t('createTitle')}
      size={560}
      centered
    >
      {secret ? (
        <Stack gap="sm">
          <Alert color="yellow" title={t('onceTitle')}>
            {t('onceText')}
          </Alert>
          <TextInput
            label={t('key')}
            value={secret}
            readOnly
            data-autofocus
            onFocus={(e) => e.currentTarget.select()}
            styles={{ input: { fontFamily: 'monospace' } }}
          />
          <Group justify="flex-end">
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? t('copied') : t('copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={close}>{t('done')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Select
            label={t('office')}
            required
            searchable
            data={(offices.data ?? []).map((o) => ({ value: o.GUID, label: o.Name }))}
            value={form.OfficeGUID || null}
            onChange={(v) => setForm((f) => ({ ...f, OfficeGUID: v ?? '' }))}
            nothingFoundMessage={t('noOffices')}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label={t('name')}
            required
            value={form.Name}
            onChange={(e) => {
              const Name = e.currentTarget.value;
              setForm((f) => ({ ...f, Name }));
            }}
          />
          <Checkbox.Group label={t('scopes')} required value={form.Scopes}>
            <Group mt={4}>
              {SCOPES.map((s) => (
                <Checkbox
                  key={s}
                  value={s}
                  label={t(`scope.${s}`)}
                  onChange={(e) => toggle(s, e.currentTarget.checked)}
                />
              ))}
            </Group>
          </Checkbox.Group>
          <DateField
            label={t('expiresAt')}
            value={form.ExpiresAt}
            onChange={(ExpiresAt) => setForm((f) => ({ ...f, ExpiresAt }))}
            clearable
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('cancel')}
            </Button>
            <Button onClick={submit} loading={create.isPending}>
              {t('createSubmit')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
