import { Alert, Anchor, Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { isStrongPassword, Role } from '@po/contract/constants';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { notifySuccess } from '@/lib/notify';
import { Link, Navigate, useNavigate, useParams } from '@/lib/public-router';
import { getSession, landingPath, setSession, useSession } from '@/lib/session';
import { changePassword } from './api/change-password';
import { PasswordRules } from './components/password-rules';

/** /change-password/:recoveryCode: from the user menu (old + new) or with a recovery code (new only). */
export function ChangePasswordScreen() {
  const { t } = useTranslation('auth');
  const { recoveryCode } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const [old, setOld] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);

  if (session?.Role === Role.Courier) return <Navigate to="/mobilehome" replace />;
  const code = recoveryCode ?? '';
  if (!session && !code) {
    return (
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={440}>
        <Stack>
          <Title order={2}>{t('change.title')}</Title>
          <Text>{t('change.noSession')}</Text>
          <Anchor component={Link} to="/login-form">
            {t('login.submit')}
          </Anchor>
        </Stack>
      </Paper>
    );
  }
  const withOld = !!session && !code;
  const mismatch = touched && repeat !== next ? t('change.mismatch') : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    setError(null);
    if (!isStrongPassword(next)) return setError(t('change.weak'));
    if (next !== repeat) return;
    setBusy(true);
    try {
      const ret = await changePassword({ old, next, recoveryCode: code || undefined });
      if (ret <= 0) {
        setError(t('change.failedOld'));
        return;
      }
      notifySuccess(t('change.done'));
      const s = getSession();
      if (s) {
        setSession({ ...s, PasswordExp: false, PasswordTemporary: false });
        void navigate(landingPath(s.Role), { replace: true });
      } else {
        void navigate('/login-form', { replace: true });
      }
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('change.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={460}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2}>{t('change.title')}</Title>
            {!withOld && (
              <Text size="sm" c="dimmed">
                {t('change.recovery')}
              </Text>
            )}
            {withOld && session.PasswordTemporary && (
              <Alert color="blue" mt="sm" data-testid="temporary-password">
                {t('change.temporary')}
              </Alert>
            )}
          </div>
          {error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {error}
            </Alert>
          )}
          {withOld && (
            <PasswordInput
              label={t('change.old')}
              value={old}
              onChange={(e) => setOld(e.currentTarget.value)}
              autoComplete="current-password"
              required
            />
          )}
          <PasswordInput
            label={t('change.new')}
            value={next}
            onChange={(e) => setNext(e.currentTarget.value)}
            autoComplete="new-password"
            required
          />
          <PasswordRules value={next} />
          <PasswordInput
            label={t('change.repeat')}
            value={repeat}
            onChange={(e) => setRepeat(e.currentTarget.value)}
            autoComplete="new-password"
            error={mismatch}
            required
          />
          <Button type="submit" loading={busy}>
            {t('change.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
