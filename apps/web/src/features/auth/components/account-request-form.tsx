import { Alert, Anchor, Button, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FIELD_MAX, contactMessage, contactRules } from '@po/contract/fields';
import { ApiError } from '@/api/client';
import { Link } from '@/lib/public-router';
import { sendAccountRequest } from '../api/account-request';

/** The public request form of /reset-password and /create-account. */
export function AccountRequestForm({ kind }: { kind: 'reset' | 'create' }) {
  const { t, i18n } = useTranslation('auth');
  const [form, setForm] = useState({ Login: '', Name: '', Phone: '', Email: '', Office: '', Message: '' });
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [loginError, setLoginError] = useState<string | null>(null);
  const [contactErrors, setContactErrors] = useState<{ Phone?: string; Email?: string }>({});
  const lang = i18n.language.startsWith('en') ? 'en' : 'ka';
  const max: Record<keyof typeof form, number> = {
    Login: FIELD_MAX.login,
    Name: FIELD_MAX.personName,
    Phone: FIELD_MAX.phone,
    Email: FIELD_MAX.email,
    Office: FIELD_MAX.office,
    Message: FIELD_MAX.message,
  };
  const field = (k: keyof typeof form) => ({
    value: form[k],
    maxLength: max[k],
    onChange: (e: { currentTarget: { value: string } }) => {
      const v = e.currentTarget.value;
      setForm((f) => ({ ...f, [k]: v }));
    },
    disabled: busy,
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (form.Login.trim().length < 3) {
      setLoginError(t('request.loginMin'));
      return;
    }
    setLoginError(null);
    // the contract's rules, which the server applies too
    const phone = contactRules.phone(form.Phone);
    const email = contactRules.email(form.Email);
    const errs = {
      Phone: phone ? contactMessage(phone, t('request.phone'), lang) : undefined,
      Email: email ? contactMessage(email, t('request.email'), lang) : undefined,
    };
    setContactErrors(errs);
    if (errs.Phone || errs.Email) return;
    setError(null);
    setBusy(true);
    try {
      await sendAccountRequest({ Kind: kind, ...form, Login: form.Login.trim() });
      setSent(true);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('common:errors.noConnection'));
    } finally {
      setBusy(false);
    }
  }

  const title = kind === 'reset' ? t('layout:routes.resetPassword') : t('layout:routes.createAccount');
  return (
    <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={480}>
      <Stack gap="md">
        <Title order={2}>{title}</Title>
        {sent ? (
          <Alert
            color="teal"
            icon={<IconCircleCheck size={18} />}
            title={t('request.sentTitle')}
            role="status"
          >
            {t('request.sentText')}
          </Alert>
        ) : (
          <form onSubmit={(e) => void submit(e)} noValidate>
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {kind === 'reset' ? t('request.resetIntro') : t('request.createIntro')}
              </Text>
              {error && (
                <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                  {error}
                </Alert>
              )}
              <TextInput
                label={t('request.login')}
                required
                error={loginError}
                autoFocus
                {...field('Login')}
              />
              <TextInput label={t('request.name')} {...field('Name')} />
              <TextInput
                label={t('request.phone')}
                type="tel"
                error={contactErrors.Phone}
                {...field('Phone')}
              />
              <TextInput
                label={t('request.email')}
                type="email"
                error={contactErrors.Email}
                {...field('Email')}
              />
              {kind === 'create' && <TextInput label={t('request.office')} {...field('Office')} />}
              <Textarea label={t('request.message')} autosize minRows={2} maxRows={6} {...field('Message')} />
              <Button type="submit" loading={busy}>
                {t('request.submit')}
              </Button>
            </Stack>
          </form>
        )}
        <Anchor component={Link} to="/login-form" size="sm">
          {t('request.back')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
