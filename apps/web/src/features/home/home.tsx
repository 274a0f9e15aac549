import { Image, Stack, Text, Title } from '@mantine/core';
import { Role, Toast } from '@po/contract/constants';
import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { renewTicket } from '@/api/session-calls';
import illustration from '@/assets/home-illustration.svg';
import { notifyError, notifyInfo } from '@/lib/notify';
import { clearSession, useSession } from '@/lib/session';

/** The user check 5 s after the home page opens (spec 000 §4). */
export const HOME_CHECK_DELAY = 5000;

/** /home: product title and a picture; verifies the user 5 s after opening. */
export function HomeScreen() {
  const { t } = useTranslation('home');
  const session = useSession();
  const navigate = useNavigate();
  const courier = session?.Role === Role.Courier;

  useEffect(() => {
    if (courier) return;
    const ctrl = new AbortController();
    const timer = window.setTimeout(() => {
      // a refusal is handled here (not by the client's central 401): the spec's own message and logout
      renewTicket({ signal: ctrl.signal, ownUnauthorized: true })
        .then((check) => {
          if (check.Exp && check.role !== Role.Courier) {
            notifyInfo(t('common:toast.passwordChange'));
            void navigate(`/change-password/${encodeURIComponent(check.RecoveryCode ?? '')}`);
          }
        })
        .catch((err: unknown) => {
          if (ctrl.signal.aborted || (err instanceof ApiError && err.code === 0)) return;
          notifyError(t('common:toast.authNeeded'), Toast.auth);
          clearSession({ logout: true });
          void navigate('/login-form', { replace: true });
        });
    }, HOME_CHECK_DELAY);
    return () => {
      window.clearTimeout(timer);
      ctrl.abort();
    };
  }, [courier, navigate, t]);

  if (courier) return <Navigate to="/mobilehome" replace />;
  return (
    <Stack align="center" gap="lg" py="xl">
      <Title order={1} ta="center">
        {t('title')}
      </Title>
      <Text c="dimmed" ta="center">
        {t('subtitle')}
      </Text>
      {session && (
        <Text fw={500} ta="center">
          {t('welcome', { name: session.Name })}
        </Text>
      )}
      <Image src={illustration} alt={t('imageAlt')} maw={560} w="100%" />
    </Stack>
  );
}
