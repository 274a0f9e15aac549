import { Button, Menu } from '@mantine/core';
import {
  IconChevronDown,
  IconKey,
  IconLanguage,
  IconLogout,
  IconUser,
  IconUserCircle,
} from '@tabler/icons-react';
import { Role } from '@po/contract/constants';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { logout } from '@/api/session-calls';
import { setLanguage, supportedLanguages } from '@/i18n';
import type { SessionState } from '@/lib/session';

/** The header's user panel: login name; profile, change password, language, end session. */
export function UserPanel({ session, compact }: { session: SessionState; compact?: boolean }) {
  const { t, i18n } = useTranslation('layout');
  const navigate = useNavigate();
  const courier = session.Role === Role.Courier;
  const name = session.Login || session.Name;
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconUserCircle size={22} />}
          rightSection={<IconChevronDown size={16} />}
          aria-label={`${t('header.userMenu')}: ${name}`}
          px={compact ? 6 : undefined}
        >
          {compact ? null : name}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{session.Name}</Menu.Label>
        {!courier && (
          <Menu.Item leftSection={<IconUser size={16} />} onClick={() => void navigate('/profile')}>
            {t('header.profile')}
          </Menu.Item>
        )}
        {!courier && (
          <Menu.Item leftSection={<IconKey size={16} />} onClick={() => void navigate('/change-password')}>
            {t('header.changePassword')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Label>{t('header.language')}</Menu.Label>
        {supportedLanguages.map((lng) => (
          <Menu.Item
            key={lng}
            leftSection={<IconLanguage size={16} />}
            onClick={() => void setLanguage(lng)}
            fw={i18n.language === lng ? 700 : undefined}
            aria-current={i18n.language === lng ? 'true' : undefined}
          >
            {t(`common:lang.${lng}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
          {t('header.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
