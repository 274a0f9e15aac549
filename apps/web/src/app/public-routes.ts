import type { ComponentType } from 'react';
import type { ScreenModule } from '@/app/routes';
import { matchPath } from '@/lib/public-router';

/**
 * The screens open without a session, ONE line each. They run in the public app (`public-app.tsx`) on
 * the small router of `lib/public-router.tsx`, not React Router: the login page stays small. Every other
 * address belongs to the working app (`routes.tsx`). `title` is the key under `layout:routes`.
 * Their texts are `auth` and `common` (in the application's code) and `layout` (the public layout's).
 */
export interface PublicScreen {
  path: string;
  title: string;
  lazy: ScreenModule;
}

export const publicScreens: PublicScreen[] = [
  {
    path: '/login-form',
    title: 'loginForm',
    lazy: () => import('@/features/auth/login-form').then((m) => m.LoginScreen),
  },
  {
    path: '/reset-password',
    title: 'resetPassword',
    lazy: () => import('@/features/auth/reset-password').then((m) => m.ResetPasswordScreen),
  },
  {
    path: '/create-account',
    title: 'createAccount',
    lazy: () => import('@/features/auth/create-account').then((m) => m.CreateAccountScreen),
  },
  {
    path: '/change-password/:recoveryCode?',
    title: 'changePassword',
    lazy: () => import('@/features/auth/change-password').then((m) => m.ChangePasswordScreen),
  },
];

/** The public screen of an address, if it is one. */
export function findPublicScreen(pathname: string): PublicScreen | undefined {
  return publicScreens.find((s) => matchPath(s.path, pathname));
}

interface ScreenCode {
  promise: Promise<ComponentType>;
  component?: ComponentType;
}
const screenCode = new Map<PublicScreen, ScreenCode>();

/** Fetches a screen's code once (the root starts it beside the public app's own). */
export function loadPublicScreen(screen: PublicScreen): Promise<ComponentType> {
  let code = screenCode.get(screen);
  if (!code) {
    const loading: ScreenCode = {
      promise: screen.lazy().then((component) => (loading.component = component)),
    };
    screenCode.set(screen, (code = loading));
  }
  return code.promise;
}

/** A screen's component when its code is already there. */
export function loadedPublicScreen(screen: PublicScreen): ComponentType | undefined {
  return screenCode.get(screen)?.component;
}
