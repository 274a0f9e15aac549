import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Role } from '@po/contract/constants';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { notifyInfo } from '@/lib/notify';
import { Link, Navigate, useNavigate, useSearchParams } from '@/lib/public-router';
import { landingPath, safeRedirect, setSession, useSession } from '@/lib/session';
import { login } from './api/login';

/** /login-form: user name and password; Enter submits. */
export function LoginScreen() {
  const { t } = useTranslation('auth');
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [target, setTarget] = useState<string | null>(null);

  if (session) return <Navigate to={target ?? landingPath(session.Role)} replace />;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const loginName = name.trim();
    if (!loginName) {
      setNameError(t('login.required'));
      return;
    }
    setNameError(null);
    setError(null);
    setBusy(true);
    try {
      const res = await login(loginName, password);
      if (res.kind === 'recovery') {
        void navigate(`/change-password/${encodeURIComponent(res.code)}`);
        return;
      }
      const { session: s, data } = res;
      if (data.PasswordTemporary) {
        // a password an administrator set: the user chooses their own first (old: the one given)
        notifyInfo(t('change.temporaryToast'));
        setTarget('/change-password');
      } else if (data.PasswordExp && s.Role !== Role.Courier && data.RecoveryCode) {
        notifyInfo(t('common:toast.passwordChange'));
        setTarget(`/change-password/${encodeURIComponent(data.RecoveryCode)}`);
      } else {
        setTarget(safeRedirect(params.get('redirect')) ?? landingPath(s.Role));
      }
      setSession(s);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('common:errors.noConnection'));
      setBusy(false);
    }
  }

  return (
    <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2}>{t('login.title')}</Title>
            <Text size="sm" c="dimmed">
              {t('login.subtitle')}
            </Text>
          </div>
          {error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label={t('login.login')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={nameError}
            autoComplete="username"
            autoFocus
            required
            disabled={busy}
          />
          <PasswordInput
            label={t('login.password')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            autoComplete="current-password"
            disabled={busy}
          />
          <Button type="submit" loading={busy} fullWidth>
            {t('login.submit')}
          </Button>
          <Group justify="space-between">
            <Anchor component={Link} to="/reset-password" size="sm">
              {t('login.forgot')}
            </Anchor>
            <Anchor component={Link} to="/create-account" size="sm">
              {t('login.create')}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
