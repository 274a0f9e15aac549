import { ActionIcon, NavLink, Stack, Tooltip } from '@mantine/core';
import {
  IconArchive,
  IconBooks,
  IconCash,
  IconChartBar,
  IconDeviceMobile,
  IconHome,
  IconPackage,
  IconPackages,
  IconSettings,
  IconTruckDelivery,
  IconClipboardList,
  type Icon,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { menuFor } from '@/app/menu';
import type { MenuGroupKey } from '@/app/menu-groups';
import type { SessionState } from '@/lib/session';

const ICONS: Record<MenuGroupKey, Icon> = {
  main: IconHome,
  reference: IconBooks,
  admin: IconSettings,
  registration: IconClipboardList,
  parcels: IconPackage,
  bags: IconPackages,
  fines: IconCash,
  couriers: IconTruckDelivery,
  archive: IconArchive,
  reports: IconChartBar,
  mobile: IconDeviceMobile,
};

interface Props {
  session: SessionState;
  /** icon rail: group icons only */
  rail?: boolean;
  /** asks the shell to show the full drawer (from the rail) */
  onExpand?: () => void;
  /** a menu item was followed (overlay drawers close) */
  onNavigate?: () => void;
}

/** The tree menu of the side drawer: groups of real links (`<a href>`, so they open in a new tab too). */
export function NavMenu({ session, rail, onExpand, onNavigate }: Props) {
  const { t } = useTranslation('layout');
  const { pathname } = useLocation();
  const groups = menuFor(session);
  const activeGroup = groups.find((g) => g.items.some((i) => i.path === pathname))?.key;
  const [open, setOpen] = useState<Partial<Record<MenuGroupKey, boolean>>>({});

  if (rail) {
    return (
      <Stack gap={6} align="center" py="sm" component="nav" aria-label={t('nav.label')}>
        {groups.map((g) => {
          const GroupIcon = ICONS[g.key];
          return (
            <Tooltip key={g.key} label={t(`groups.${g.key}`)} position="right" withArrow>
              <ActionIcon
                size="xl"
                variant={g.key === activeGroup ? 'light' : 'subtle'}
                aria-label={t(`groups.${g.key}`)}
                onClick={() => {
                  setOpen((o) => ({ ...o, [g.key]: true }));
                  onExpand?.();
                }}
              >
                <GroupIcon size={22} stroke={1.6} />
              </ActionIcon>
            </Tooltip>
          );
        })}
      </Stack>
    );
  }

  return (
    <nav aria-label={t('nav.label')}>
      {groups.map((g) => {
        const GroupIcon = ICONS[g.key];
        if (g.key === 'main') {
          return g.items.map((item) => (
            <NavLink
              key={item.path}
              component={Link}
              to={item.path}
              label={t(`routes.${item.title}`)}
              leftSection={<GroupIcon size={20} stroke={1.6} />}
              active={pathname === item.path}
              onClick={() => onNavigate?.()}
              fw={500}
            />
          ));
        }
        const opened = open[g.key] ?? (g.key === activeGroup || groups.length <= 2);
        return (
          <NavLink
            key={g.key}
            component="button"
            type="button"
            aria-expanded={opened}
            label={t(`groups.${g.key}`)}
            leftSection={<GroupIcon size={20} stroke={1.6} />}
            opened={opened}
            onChange={(v) => setOpen((o) => ({ ...o, [g.key]: v }))}
            childrenOffset={28}
            fw={500}
          >
            {g.items.map((item) => (
              <NavLink
                key={item.path}
                component={Link}
                to={item.path}
                label={t(`routes.${item.title}`)}
                active={pathname === item.path}
                onClick={() => onNavigate?.()}
                {...(item.soon
                  ? {
                      c: 'dimmed',
                      description: t('nav.soon'),
                      'data-soon': true,
                    }
                  : {})}
              />
            ))}
          </NavLink>
        );
      })}
    </nav>
  );
}
