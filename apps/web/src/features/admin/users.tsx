import {
  Button,
  CopyButton,
  Group,
  Modal,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ROLE_NAMES, Role, isStrongPassword } from '@po/contract';
import { NEW_USER_DEFAULTS, adminRules, isLoginTaken, type UserRow } from '@po/contract/admin';
import { FIELD_MAX } from '@po/contract/fields';
import { DataGrid } from '@/components/data-grid/data-grid';
import type { GridColumn, GridDraft, GridRowKey } from '@/components/data-grid/types';
import { useSession } from '@/lib/session';
import { notifyError, notifyInfo, notifySuccess } from '@/lib/notify';
import { Toast } from '@po/contract/constants';
import { useOffices } from './api/offices';
import { useAllUsers, useChangeUserPassword, useDeleteUser, useRoles, useSaveUser } from './api/users';
import { AccountRequestsPanel } from './components/account-requests-panel';
import { ConfirmModal } from './components/confirm-modal';
import { langOf, useServerMessage } from './components/rules';

const newGuid = () =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : 'xxxxxxxx-xxxx-4xxx-8xxx-xxxxxxxxxxxx'.replace(/x/g, () => Math.floor(Math.random() * 16).toString(16));

/** New user (spec 001 §4): role 105, enabled, 4 days / 5 parcels, a month of validity, a GUID made here. */
function newUser(): GridDraft<UserRow> {
  const valid = new Date();
  valid.setMonth(valid.getMonth() + 1);
  return { ...NEW_USER_DEFAULTS, GUID: newGuid(), PasswordValid: valid.toISOString() };
}

type Pending = { kind: 'reset' | 'set'; user: UserRow } | null;

/**
 * /users (spec 001 §2.3): users with the rules of §5 (the contract's, which the server applies too),
 * password reset / set for the chosen user (each confirmed first) and the open account requests.
 */
export function UsersScreen() {
  const { t } = useTranslation('admin');
  const msg = useServerMessage();
  const session = useSession();
  const users = useAllUsers();
  const roles = useRoles();
  const offices = useOffices();
  const save = useSaveUser();
  const remove = useDeleteUser();
  const changePassword = useChangeUserPassword();
  const [focused, setFocused] = useState<UserRow | null>(null);
  const [newPassword, setNewPassword] = useState('');
  const [pending, setPending] = useState<Pending>(null);

  const rows = users.data;
  const columns = useUserColumns(rows, roles.data, offices.data);

  // the one-time recovery link of the last reset, shown once
  const [recovery, setRecovery] = useState<{ login: string; link: string } | null>(null);
  if (session?.PasswordExp) return <Navigate to="/change-password" replace />;

  async function store(mode: 'insert' | 'update', row: GridDraft<UserRow>) {
    try {
      await save.mutateAsync({ mode, row });
      notifySuccess(t(mode === 'update' ? 'common:toast.updated' : 'common:toast.inserted'));
    } catch (err) {
      notifyError(err);
      throw err;
    }
  }

  async function drop(guid: string) {
    try {
      const res = await remove.mutateAsync(guid);
      // a user with work is disabled instead: say so, and long enough to read
      if (res.MessageKey) notifyInfo(msg(res.MessageKey) ?? '', Toast.auth);
      else {
        notifySuccess(t('common:toast.deleted'));
        // the toolbar forgets a deleted user (its password buttons go inactive)
        setFocused((f) => (f?.GUID === guid ? null : f));
      }
    } catch (err) {
      notifyError(err);
      throw err;
    }
  }

  function askSet() {
    if (!focused) return;
    if (!isStrongPassword(newPassword)) {
      notifyError(msg('auth.weakPassword') ?? '');
      return;
    }
    setPending({ kind: 'set', user: focused });
  }

  async function confirmPassword() {
    if (!pending) return;
    const { kind, user } = pending;
    try {
      const code = await changePassword.mutateAsync({
        user: user.GUID,
        pass: kind === 'set' ? newPassword : '',
      });
      notifySuccess(t(kind === 'set' ? 'users.passwordSet' : 'users.passwordReset', { login: user.Login }));
      if (kind === 'reset' && code)
        setRecovery({
          login: user.Login,
          link: `${window.location.origin}/change-password/${encodeURIComponent(code)}`,
        });
      if (kind === 'set') setNewPassword('');
    } catch (err) {
      notifyError(err);
    } finally {
      setPending(null);
    }
  }

  const onFocus = (row: UserRow | null, _key: GridRowKey | null) => setFocused(row);

  const toolbar = (
    <PasswordToolbar
      focused={focused}
      newPassword={newPassword}
      onNewPassword={setNewPassword}
      onReset={() => focused && setPending({ kind: 'reset', user: focused })}
      onSet={askSet}
    />
  );

  return (
    <Stack gap="md">
      <Title order={2}>{t('titles.users')}</Title>
      <DataGrid<UserRow>
        label={t('titles.users')}
        columns={columns}
        data={rows}
        loading={users.isFetching}
        rowKey="GUID"
        storageKey="po.grid.admin.users"
        exportFileName={t('titles.users')}
        toolbar={toolbar}
        focusedRowKey={focused?.GUID ?? null}
        onFocusedRowChange={onFocus}
        onRowClick={setFocused}
        onRefresh={() => {
          void users.refetch();
          void roles.refetch();
          void offices.refetch();
        }}
        onEditorValueChange={(field, value) =>
          field === 'RoleId' && Number(value) !== Role.Courier ? { Info: '' } : undefined
        }
        editing={{
          // a wide grid: edit in a form, every field in view (as /offices)
          mode: 'form',
          allowAdding: true,
          allowUpdating: true,
          allowDeleting: (row) => row.GUID !== session?.Id,
          confirmDelete: t('users.confirmDelete'),
          newRowDefaults: newUser,
          onInsert: (values) => store('insert', values),
          onUpdate: (_key, values) => store('update', values),
          onDelete: (key) => drop(String(key)),
        }}
      />
      <AccountRequestsPanel />
      <ConfirmModal
        message={
          pending
            ? t(pending.kind === 'reset' ? 'users.confirmReset' : 'users.confirmSet', {
                login: pending.user.Login,
              })
            : null
        }
        busy={changePassword.isPending}
        onConfirm={() => void confirmPassword()}
        onCancel={() => setPending(null)}
      />
      <RecoveryLinkModal recovery={recovery} onClose={() => setRecovery(null)} />
    </Stack>
  );
}

/** The users grid's columns with the rules of §5 (login unique, dashboard limits, a courier's comment). */
function useUserColumns(
  rows: UserRow[] | undefined,
  roles: ReturnType<typeof useRoles>['data'],
  offices: ReturnType<typeof useOffices>['data'],
) {
  const { t, i18n } = useTranslation('admin');
  const lang = langOf(i18n.language);
  const msg = useServerMessage();
  // the role names in the screen's language (the server's list names them in Georgian)
  const roleData = useMemo(
    () => (roles ?? []).map((r) => ({ ...r, RoleName: ROLE_NAMES[r.RoleId]?.[lang] ?? r.RoleName })),
    [roles, lang],
  );
  return useMemo<GridColumn<UserRow>[]>(
    () => [
      {
        field: 'Login',
        header: t('users.login'),
        width: 160,
        required: true,
        maxLength: FIELD_MAX.login,
        validate: (v, d) =>
          msg(adminRules.login(v)) ??
          (isLoginTaken(String(v ?? ''), rows ?? [], d.GUID) ? msg('admin.loginNotUnique') : null),
      },
      {
        field: 'OfficeGUID',
        header: t('users.office'),
        width: 200,
        required: true,
        lookup: { data: offices ?? [], valueField: 'GUID', displayField: 'Name' },
      },
      {
        field: 'RoleId',
        header: t('users.role'),
        width: 200,
        required: true,
        lookup: { data: roleData, valueField: 'RoleId', displayField: 'RoleName' },
      },
      { field: 'GUID', header: t('users.guid'), width: 290, readOnly: true },
      {
        field: 'StatisticDefDay',
        header: t('users.days'),
        type: 'number',
        decimals: 0,
        width: 110,
        validate: (v) => msg(adminRules.dashboardDays(v)),
      },
      {
        field: 'StatisticParcelsNumber',
        header: t('users.parcels'),
        type: 'number',
        decimals: 0,
        width: 110,
        validate: (v) => msg(adminRules.dashboardParcels(v)),
      },
      { field: 'PasswordValid', header: t('users.passwordValid'), type: 'date', width: 130, readOnly: true },
      { field: 'IsAnother', header: t('users.isAnother'), type: 'boolean', width: 120 },
      { field: 'Enabled', header: t('users.enabled'), type: 'boolean', width: 90 },
      { field: 'RegistrationDisable', header: t('users.registrationDisable'), type: 'boolean', width: 120 },
      {
        field: 'Info',
        header: t('users.info'),
        width: 120,
        maxLength: FIELD_MAX.userInfo,
        // only couriers (106) have a comment: their numeric code
        format: (v, row) => (row.RoleId === Role.Courier ? String(v ?? '') : ''),
        disabled: (d) => Number(d.RoleId) !== Role.Courier,
        validate: (v, d) => msg(adminRules.courierComment(v, d.RoleId)),
      },
    ],
    [t, msg, rows, offices, roleData],
  );
}

/** The toolbar's password tools for the focused user: reset (a one-time link) or set a new password. */
function PasswordToolbar({
  focused,
  newPassword,
  onNewPassword,
  onReset,
  onSet,
}: {
  focused: UserRow | null;
  newPassword: string;
  onNewPassword: (value: string) => void;
  onReset: () => void;
  onSet: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" fw={500} miw={160}>
        {focused ? t('users.selected', { login: focused.Login }) : t('users.noneSelected')}
      </Text>
      <Button size="xs" variant="light" color="orange" tt="none" disabled={!focused} onClick={onReset}>
        {t('users.resetPassword')}
      </Button>
      <PasswordInput
        size="xs"
        w={180}
        aria-label={t('users.newPassword')}
        placeholder={t('users.newPassword')}
        value={newPassword}
        autoComplete="new-password"
        onChange={(e) => onNewPassword(e.currentTarget.value)}
      />
      <Button size="xs" variant="light" tt="none" disabled={!focused || !newPassword} onClick={onSet}>
        {t('users.setPassword')}
      </Button>
    </Group>
  );
}

/** The one-time link: shown once, here, to the administrator; the server keeps only its hash. */
function RecoveryLinkModal({
  recovery,
  onClose,
}: {
  recovery: { login: string; link: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Modal opened={!!recovery} onClose={onClose} title={t('users.recoveryTitle')} size={600} centered>
      {recovery && (
        <Stack gap="sm">
          <Text size="sm">{t('users.recoveryText', { login: recovery.login })}</Text>
          <TextInput
            label={t('users.recoveryLink')}
            value={recovery.link}
            readOnly
            data-autofocus
            onFocus={(e) => e.currentTarget.select()}
          />
          <Group justify="flex-end">
            <CopyButton value={recovery.link}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? t('users.copied') : t('users.copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>{t('users.close')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
