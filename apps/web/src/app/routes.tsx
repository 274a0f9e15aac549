import type { ComponentType } from 'react';
import { access, type Access } from '@/app/access';
import type { MenuGroupKey } from '@/app/menu-groups';

/**
 * The route table: every screen of the specification, ONE line each.
 * - `title`: key under `layout:routes` in the i18n catalogue (also the page title).
 * - `menu`: the side-menu group; absent = reachable by URL only.
 * - `access`: who may open it (others go to their landing page; the server refuses the calls too).
 * - `lazy`: the screen module; it exports `Component` (React Router lazy route).
 * - `ns`: the i18n namespaces the screen uses, fetched together with its code (a namespace left out
 *   still loads when the screen asks for it, one round trip later).
 * A screen that is not built yet points at `soon` (the shared "being prepared" page):
 * replace `soon` with `() => import('@/features/<area>/<screen>')` when the screen exists.
 */
export type ScreenModule = () => Promise<{ Component: ComponentType }>;
export interface Screen {
  path: string;
  title: string;
  menu?: MenuGroupKey;
  access: Access;
  lazy: ScreenModule;
  ns?: string[];
}

const soon: ScreenModule = () => import('@/app/coming-soon');

export const screens: Screen[] = [
  {
    path: '/home',
    title: 'home',
    menu: 'main',
    access: access.staff,
    ns: ['home'],
    lazy: () => import('@/features/home/home'),
  },
  {
    path: '/profile',
    title: 'profile',
    access: access.staff,
    ns: ['profile'],
    lazy: () => import('@/features/profile/profile'),
  },
  { path: '/parfinder', title: 'parfinder', access: access.adminOrOffice, lazy: soon },
  // reference data (administration)
  {
    path: '/regions',
    title: 'regions',
    menu: 'reference',
    access: access.admin,
    ns: ['reference', 'grid'],
    lazy: () => import('@/features/reference/regions'),
  },
  {
    path: '/status',
    title: 'status',
    menu: 'reference',
    access: access.admin,
    ns: ['reference', 'grid'],
    lazy: () => import('@/features/reference/list-screens').then((m) => m.statuses),
  },
  {
    path: '/clientstypes',
    title: 'clientstypes',
    menu: 'reference',
    access: access.admin,
    ns: ['reference', 'grid'],
    lazy: () => import('@/features/reference/list-screens').then((m) => m.clients),
  },
  {
    path: '/parcelstypes',
    title: 'parcelstypes',
    menu: 'reference',
    access: access.admin,
    ns: ['reference', 'grid'],
    lazy: () => import('@/features/reference/list-screens').then((m) => m.parcelTypes),
  },
  {
    path: '/paytypes',
    title: 'paytypes',
    menu: 'reference',
    access: access.admin,
    ns: ['reference', 'grid'],
    lazy: () => import('@/features/reference/list-screens').then((m) => m.payTypes),
  },
  {
    path: '/curtypes',
    title: 'curtypes',
    menu: 'reference',
    access: access.admin,
    ns: ['reference', 'grid'],
    lazy: () => import('@/features/reference/list-screens').then((m) => m.currencies),
  },
  {
    path: '/bagtypes',
    title: 'bagtypes',
    menu: 'reference',
    access: access.admin,
    ns: ['reference', 'grid'],
    lazy: () => import('@/features/reference/list-screens').then((m) => m.bagTypes),
  },
  // administration
  {
    path: '/offices',
    title: 'offices',
    menu: 'admin',
    access: access.admin,
    ns: ['admin', 'grid'],
    lazy: () => import('@/features/admin/offices'),
  },
  {
    path: '/mobiles',
    title: 'mobiles',
    menu: 'admin',
    access: access.admin,
    ns: ['admin', 'grid'],
    lazy: () => import('@/features/admin/mobiles'),
  },
  {
    path: '/users',
    title: 'users',
    menu: 'admin',
    access: access.admin,
    ns: ['admin', 'grid'],
    lazy: () => import('@/features/admin/users'),
  },
  { path: '/changestatus', title: 'changestatus', menu: 'admin', access: access.admin, lazy: soon },
  { path: '/deletedparcels', title: 'deletedparcels', menu: 'admin', access: access.admin, lazy: soon },
  { path: '/bill', title: 'bill', menu: 'admin', access: access.admin, lazy: soon },
  // registration and registries
  {
    path: '/registration',
    title: 'registration',
    menu: 'registration',
    access: access.registration,
    ns: ['registration'],
    lazy: () => import('@/features/registration/registration'),
  },
  { path: '/buildregistry', title: 'buildregistry', menu: 'registration', access: access.office, lazy: soon },
  { path: '/registry', title: 'registry', menu: 'registration', access: access.adminOrOffice, lazy: soon },
  { path: '/registrylist', title: 'registrylist', menu: 'registration', access: access.office, lazy: soon },
  // parcel operations
  { path: '/myparcels', title: 'myparcels', menu: 'parcels', access: access.office, lazy: soon },
  { path: '/suborgparcels', title: 'suborgparcels', menu: 'parcels', access: access.office, lazy: soon },
  {
    path: '/receiveparcel',
    title: 'receiveparcel',
    menu: 'parcels',
    access: access.officeNotCorporate,
    lazy: soon,
  },
  { path: '/confirmparcel', title: 'confirmparcel', menu: 'parcels', access: access.office, lazy: soon },
  { path: '/receiving', title: 'receiving', menu: 'parcels', access: access.officeNotCorporate, lazy: soon },
  { path: '/sending', title: 'sending', menu: 'parcels', access: access.officeNotCorporate, lazy: soon },
  { path: '/addstatus', title: 'addstatus', menu: 'parcels', access: access.office, lazy: soon },
  { path: '/comment', title: 'comment', menu: 'parcels', access: access.officeNotCorporate, lazy: soon },
  // bags
  { path: '/newbag', title: 'newbag', menu: 'bags', access: access.officeNotCorporate, lazy: soon },
  { path: '/bags', title: 'bags', menu: 'bags', access: access.officeNotCorporate, lazy: soon },
  // fines
  {
    path: '/receivepayedparcel',
    title: 'receivepayedparcel',
    menu: 'fines',
    access: access.fines,
    lazy: soon,
  },
  { path: '/checkpayed', title: 'checkpayed', menu: 'fines', access: access.fines, lazy: soon },
  // couriers
  { path: '/ranshit', title: 'ranshit', menu: 'couriers', access: access.routeSheet, lazy: soon },
  {
    path: '/courieractivity',
    title: 'courieractivity',
    menu: 'couriers',
    access: access.officeNotCorporate,
    lazy: soon,
  },
  // archives
  { path: '/arcparfinder', title: 'arcparfinder', menu: 'archive', access: access.adminOrOffice, lazy: soon },
  {
    path: '/oldarcparfinder',
    title: 'oldarcparfinder',
    menu: 'archive',
    access: access.adminOrOffice,
    lazy: soon,
  },
  // manager reports
  { path: '/finance-anlysis', title: 'financeAnlysis', menu: 'reports', access: access.admin, lazy: soon },
  { path: '/financeparcel', title: 'financeparcel', menu: 'reports', access: access.admin, lazy: soon },
  { path: '/employeevisit', title: 'employeevisit', menu: 'reports', access: access.admin, lazy: soon },
  { path: '/visitofdey', title: 'visitofdey', menu: 'reports', access: access.admin, lazy: soon },
  // listed by the specification without content
  { path: '/tasks', title: 'tasks', access: access.staff, lazy: soon },
  { path: '/mapping', title: 'mapping', access: access.staff, lazy: soon },
  { path: '/syn-fussionmapping', title: 'synFussionmapping', access: access.staff, lazy: soon },
  // courier mode (role 106)
  {
    path: '/mobilehome',
    title: 'mobilehome',
    menu: 'mobile',
    access: access.courier,
    ns: ['mobile'],
    lazy: () => import('@/features/mobile/mobile-home'),
  },
  { path: '/setstatuses', title: 'setstatuses', menu: 'mobile', access: access.courier, lazy: soon },
  { path: '/oktransportlist', title: 'oktransportlist', menu: 'mobile', access: access.courier, lazy: soon },
  {
    path: '/errtransportlist',
    title: 'errtransportlist',
    menu: 'mobile',
    access: access.courier,
    lazy: soon,
  },
  { path: '/parsexport', title: 'parsexport', access: access.courier, lazy: soon },
  { path: '/pargive', title: 'pargive', access: access.courier, lazy: soon },
  { path: '/statuschange', title: 'statuschange', access: access.courier, lazy: soon },
  { path: '/delivercurrier', title: 'delivercurrier', access: access.courier, lazy: soon },
  { path: '/startwaybill', title: 'startwaybill', access: access.courier, lazy: soon },
  { path: '/closewaybill', title: 'closewaybill', access: access.courier, lazy: soon },
  { path: '/signature', title: 'signature', access: access.courier, lazy: soon },
];

/** Screens open without a session. */
export const publicScreens: Omit<Screen, 'access' | 'menu'>[] = [
  { path: '/login-form', title: 'loginForm', lazy: () => import('@/features/auth/login-form') },
  { path: '/reset-password', title: 'resetPassword', lazy: () => import('@/features/auth/reset-password') },
  { path: '/create-account', title: 'createAccount', lazy: () => import('@/features/auth/create-account') },
  {
    path: '/change-password/:recoveryCode?',
    title: 'changePassword',
    lazy: () => import('@/features/auth/change-password'),
  },
];

/** The screen of a path (exact match), if any. */
export function findScreen(pathname: string): Screen | undefined {
  const p = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  return screens.find((s) => s.path === p);
}
