import { ActionIcon, AppShell, Box, Burger, Drawer, Group, Image, ScrollArea, Text } from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Role, WORKING_ROLES } from '@po/contract/constants';
import { Suspense, useEffect, useState } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError, handleUnauthorized } from '@/api/client';
import { renewTicket } from '@/api/session-calls';
import { landing } from '@/app/access';
import { AppFooter } from '@/app/footer';
import { GuardedProviders } from '@/app/guarded-providers';
import { NavMenu } from '@/app/nav-menu';
import { PageLoader } from '@/app/page-states';
import { PageTitle } from '@/app/page-title';
import { preloadToasts } from '@/app/providers';
import { NavigationProgress } from '@/app/route-states';
import { findScreen } from '@/app/routes';
import { useScreenTitle } from '@/app/screen-title';
import { UserPanel } from '@/app/user-panel';
import { loginUrl } from '@/lib/navigation';
import { endedByLogout, useSession, type SessionState } from '@/lib/session';
import logo from '@/assets/logo.svg';

const LARGE = '(min-width: 1280px)';
const SMALL = '(max-width: 599.98px)';

/** Renews the ticket whenever a guarded screen opens; a refusal or a changed role ends the session. */
function useTicketRenewal(active: boolean, pathname: string) {
  // bumped when the browser is back online after a renewal found no connection: it is tried again
  const [reconnected, setReconnected] = useState(0);
  useEffect(() => {
    if (!active) return;
    const ctrl = new AbortController();
    renewTicket({ signal: ctrl.signal }).catch((err: unknown) => {
      if (ctrl.signal.aborted) return;
      if (err instanceof ApiError && err.code === 0) {
        // no connection: keep the session without a word (a courier works offline, and the screen's
        // own calls say what they could not do); renew once the browser is back online
        window.addEventListener('online', () => setReconnected((n) => n + 1), {
          once: true,
          signal: ctrl.signal,
        });
        return;
      }
      handleUnauthorized(err instanceof ApiError && err.code === 401 && err.message !== 'role changed');
    });
    return () => ctrl.abort();
  }, [active, pathname, reconnected]);
}

/** Every guarded screen: needs a session, the screen's access rule, and renews the ticket on opening. */
export function GuardedLayout() {
  const session = useSession();
  const location = useLocation();
  const valid = !!session && WORKING_ROLES.includes(session.Role) && session.Role === session.note.RoleId;
  useTicketRenewal(valid, location.pathname);

  useEffect(() => {
    if (session && !valid) handleUnauthorized();
  }, [session, valid]);
  useEffect(preloadToasts, []);

  // 001 §6: a corporate client's administrator opening a screen of the company's own administrators sees
  // 'authorization required', is logged out and goes to the login form (other roles go to their home).
  const screen = findScreen(location.pathname);
  const corporateAdmin =
    !!session &&
    valid &&
    !!screen &&
    !screen.access(session) &&
    session.Role === Role.Admin &&
    !!session.note.IsCorporate;
  useEffect(() => {
    if (corporateAdmin) handleUnauthorized();
  }, [corporateAdmin]);

  if (!session) {
    const to = endedByLogout() ? '/login-form' : loginUrl(`${location.pathname}${location.search}`);
    return <Navigate to={to} replace />;
  }
  if (!valid || corporateAdmin) return null;
  // a password an administrator set: the server answers nothing else until the user chooses their own
  if (session.PasswordTemporary) return <Navigate to="/change-password" replace />;
  if (screen && !screen.access(session)) return <Navigate to={landing(session)} replace />;
  return (
    <GuardedProviders>
      <Shell session={session} />
    </GuardedProviders>
  );
}

function Shell({ session }: { session: SessionState }) {
  const { t } = useTranslation('layout');
  const title = useScreenTitle();
  const large = useMediaQuery(LARGE, window.matchMedia(LARGE).matches, { getInitialValueInEffect: false });
  const small = useMediaQuery(SMALL, window.matchMedia(SMALL).matches, { getInitialValueInEffect: false });
  const [expanded, setExpanded] = useLocalStorage({ key: 'po.drawer.expanded', defaultValue: true });
  const [drawer, { toggle: toggleDrawer, close: closeDrawer }] = useDisclosure(false);
  const { pathname } = useLocation();

  useEffect(() => closeDrawer(), [pathname, closeDrawer]);

  const railWidth = 64;
  const fullWidth = 280;
  const menuToggle = large ? (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      onClick={() => setExpanded((v) => !v)}
      aria-label={t('header.toggleMenu')}
      aria-expanded={expanded}
    >
      {expanded ? <IconLayoutSidebarLeftCollapse /> : <IconLayoutSidebarLeftExpand />}
    </ActionIcon>
  ) : (
    <Burger opened={drawer} onClick={toggleDrawer} size="sm" aria-label={t('header.toggleMenu')} />
  );

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={large ? { width: expanded ? fullWidth : railWidth, breakpoint: 0 } : undefined}
      padding="md"
    >
      <a
        href="#main"
        className="po-skip-link"
        onClick={(e) => {
          // over the menu, straight to the screen: its first field, or the screen itself
          e.preventDefault();
          const main = document.getElementById('main');
          const first = main?.querySelector<HTMLElement>(
            'input:not([disabled]):not([readonly]):not([type="hidden"]), textarea:not([disabled]), button:not([disabled]), a[href]',
          );
          (first ?? main)?.focus();
        }}
      >
        {t('nav.skip')}
      </a>
      <PageTitle title={title} />
      <NavigationProgress />
      <AppShell.Header>
        <Group h="100%" px="sm" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            {menuToggle}
            <Link to="/home" aria-label={t('product')} style={{ display: 'flex' }}>
              <Image src={logo} alt="" w={28} h={28} />
            </Link>
            {!small && (
              <Text fw={700} size="lg">
                {t('product')}
              </Text>
            )}
            <Text c="dimmed" size={small ? 'sm' : 'md'} truncate="end" component="h1" m={0} fw={500}>
              {title}
            </Text>
          </Group>
          <UserPanel session={session} compact={small} />
        </Group>
      </AppShell.Header>

      {large && (
        <AppShell.Navbar p={expanded ? 'xs' : 0}>
          <AppShell.Section grow component={ScrollArea}>
            <NavMenu session={session} rail={!expanded} onExpand={() => setExpanded(true)} />
          </AppShell.Section>
        </AppShell.Navbar>
      )}
      {!large && (
        <Drawer
          opened={drawer}
          onClose={closeDrawer}
          size={small ? '100%' : fullWidth}
          padding="xs"
          title={t('product')}
          transitionProps={{ transition: small ? 'slide-right' : 'fade', duration: 200 }}
          overlayProps={{ backgroundOpacity: small ? 0 : 0.35 }}
        >
          <NavMenu session={session} onNavigate={closeDrawer} />
        </Drawer>
      )}

      <AppShell.Main
        id="main"
        tabIndex={-1}
        style={{ display: 'flex', flexDirection: 'column', outline: 'none' }}
      >
        <Box style={{ flex: 1 }}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Box>
        <AppFooter />
      </AppShell.Main>
    </AppShell>
  );
}
