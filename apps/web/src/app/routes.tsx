import type { ComponentType } from 'react';
import { access, type Access } from '@/app/access';
import type { MenuGroupKey } from '@/app/menu-groups';

/**
 * The route table: every screen of the specification, ONE line each (the public ones, open without a
 * session, are in `public-routes.ts`: they run without React Router).
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
/** True while a screen still points at the "being prepared" page (the menu marks it). */
export const isSoon = (s: Pick<Screen, 'lazy'>): boolean => s.lazy === soon;

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
  {
    path: '/parfinder',
    title: 'parfinder',
    access: access.adminOrOffice,
    ns: ['finder', 'grid', 'print', 'scan'],
    lazy: () => import('@/features/parcels/parcel-finder'),
  },
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
  {
    path: '/changestatus',
    title: 'changestatus',
    menu: 'admin',
    access: access.admin,
    ns: ['finder', 'grid'],
    lazy: () => import('@/features/parcels/change-status'),
  },
  {
    path: '/deletedparcels',
    title: 'deletedparcels',
    menu: 'admin',
    access: access.admin,
    ns: ['finder', 'grid'],
    lazy: () => import('@/features/parcels/deleted-parcels'),
  },
  {
    path: '/bill',
    title: 'bill',
    menu: 'admin',
    access: access.admin,
    ns: ['finder', 'grid'],
    lazy: () => import('@/features/parcels/file-finder'),
  },
  // registration and registries
  {
    path: '/registration',
    title: 'registration',
    menu: 'registration',
    access: access.registration,
    ns: ['registration', 'print'],
    lazy: () => import('@/features/registration/registration'),
  },
  {
    path: '/buildregistry',
    title: 'buildregistry',
    menu: 'registration',
    access: access.office,
    ns: ['registries', 'scan', 'grid'],
    lazy: () => import('@/features/registries/registry-build'),
  },
  {
    path: '/registry',
    title: 'registry',
    menu: 'registration',
    access: access.adminOrOffice,
    ns: ['registries', 'grid'],
    lazy: () => import('@/features/registries/registry-print'),
  },
  {
    path: '/registrylist',
    title: 'registrylist',
    menu: 'registration',
    access: access.office,
    ns: ['registries', 'grid'],
    lazy: () => import('@/features/registries/registry-journal'),
  },
  // parcel operations
  {
    path: '/myparcels',
    title: 'myparcels',
    menu: 'parcels',
    access: access.office,
    ns: ['scan', 'grid'],
    lazy: () => import('@/features/parcels/list-screens').then((m) => m.mine),
  },
  {
    path: '/suborgparcels',
    title: 'suborgparcels',
    menu: 'parcels',
    access: access.office,
    ns: ['scan', 'grid'],
    lazy: () => import('@/features/parcels/list-screens').then((m) => m.suborg),
  },
  {
    path: '/receiveparcel',
    title: 'receiveparcel',
    menu: 'parcels',
    access: access.officeNotCorporate,
    ns: ['scan', 'grid'],
    lazy: () => import('@/features/parcels/scan-screens').then((m) => m.receive),
  },
  {
    path: '/confirmparcel',
    title: 'confirmparcel',
    menu: 'parcels',
    access: access.office,
    ns: ['scan', 'grid'],
    lazy: () => import('@/features/parcels/scan-screens').then((m) => m.confirm),
  },
  // incoming is open to corporate users; outgoing is not (spec 002 §2.13)
  {
    path: '/receiving',
    title: 'receiving',
    menu: 'parcels',
    access: access.office,
    ns: ['scan', 'grid'],
    lazy: () => import('@/features/parcels/list-screens').then((m) => m.incoming),
  },
  {
    path: '/sending',
    title: 'sending',
    menu: 'parcels',
    access: access.officeNotCorporate,
    ns: ['scan', 'grid'],
    lazy: () => import('@/features/parcels/list-screens').then((m) => m.outgoing),
  },
  {
    path: '/addstatus',
    title: 'addstatus',
    menu: 'parcels',
    access: access.office,
    ns: ['scan', 'grid'],
    lazy: () => import('@/features/parcels/scan-screens').then((m) => m.addStatus),
  },
  {
    path: '/comment',
    title: 'comment',
    menu: 'parcels',
    access: access.officeNotCorporate,
    ns: ['scan', 'grid'],
    lazy: () => import('@/features/parcels/scan-screens').then((m) => m.comment),
  },
  // bags
  {
    path: '/newbag',
    title: 'newbag',
    menu: 'bags',
    access: access.officeNotCorporate,
    ns: ['bags', 'scan', 'grid'],
    lazy: () => import('@/features/bags/new-bag'),
  },
  {
    path: '/bags',
    title: 'bags',
    menu: 'bags',
    access: access.officeNotCorporate,
    ns: ['bags', 'scan', 'grid'],
    lazy: () => import('@/features/bags/bags'),
  },
  // fines
  {
    path: '/receivepayedparcel',
    title: 'receivepayedparcel',
    menu: 'fines',
    access: access.fines,
    ns: ['scan', 'grid'],
    lazy: () => import('@/features/parcels/scan-screens').then((m) => m.receiveFines),
  },
  {
    path: '/checkpayed',
    title: 'checkpayed',
    menu: 'fines',
    access: access.fines,
    ns: ['scan', 'grid'],
    lazy: () => import('@/features/parcels/scan-screens').then((m) => m.checkPayed),
  },
  // couriers
  {
    path: '/ranshit',
    title: 'ranshit',
    menu: 'couriers',
    access: access.routeSheet,
    ns: ['couriers', 'grid'],
    lazy: () => import('@/features/couriers/ranshit'),
  },
  {
    path: '/courieractivity',
    title: 'courieractivity',
    menu: 'couriers',
    access: access.officeNotCorporate,
    ns: ['couriers', 'grid'],
    lazy: () => import('@/features/couriers/courier-activity'),
  },
  // archives
  {
    path: '/arcparfinder',
    title: 'arcparfinder',
    menu: 'archive',
    access: access.adminOrOffice,
    ns: ['archive', 'grid', 'print'],
    lazy: () => import('@/features/archive/arch-finder'),
  },
  {
    path: '/oldarcparfinder',
    title: 'oldarcparfinder',
    menu: 'archive',
    access: access.adminOrOffice,
    ns: ['archive', 'grid', 'print'],
    lazy: () => import('@/features/archive/old-arch-finder'),
  },
  // manager reports
  {
    path: '/finance-anlysis',
    title: 'financeAnlysis',
    menu: 'reports',
    access: access.admin,
    ns: ['reports', 'grid'],
    lazy: () => import('@/features/reports/finance-anlysis'),
  },
  {
    path: '/financeparcel',
    title: 'financeparcel',
    menu: 'reports',
    access: access.admin,
    ns: ['reports', 'grid'],
    lazy: () => import('@/features/reports/financeparcel'),
  },
  {
    path: '/employeevisit',
    title: 'employeevisit',
    menu: 'reports',
    access: access.admin,
    ns: ['reports', 'grid'],
    lazy: () => import('@/features/reports/employeevisit'),
  },
  {
    path: '/visitofdey',
    title: 'visitofdey',
    menu: 'reports',
    access: access.admin,
    ns: ['reports', 'grid'],
    lazy: () => import('@/features/reports/visitofdey'),
  },
  // listed by the specification without content
  {
    path: '/tasks',
    title: 'tasks',
    access: access.dispatch,
    ns: ['reports', 'grid'],
    lazy: () => import('@/features/reports/tasks'),
  },
  {
    path: '/mapping',
    title: 'mapping',
    access: access.dispatch,
    ns: ['reports', 'grid'],
    lazy: () => import('@/features/reports/mapping'),
  },
  {
    path: '/syn-fussionmapping',
    title: 'synFussionmapping',
    access: access.dispatch,
    ns: ['reports', 'grid'],
    lazy: () => import('@/features/reports/mapping').then((m) => ({ Component: m.SynFussionMapping })),
  },
  // courier mode (role 106)
  {
    path: '/mobilehome',
    title: 'mobilehome',
    menu: 'mobile',
    access: access.courier,
    ns: ['mobile'],
    lazy: () => import('@/features/mobile/mobile-home'),
  },
  {
    path: '/setstatuses',
    title: 'setstatuses',
    menu: 'mobile',
    access: access.courier,
    ns: ['mobile', 'grid'],
    lazy: () => import('@/features/mobile/journals').then((m) => ({ Component: m.SetStatuses })),
  },
  {
    path: '/oktransportlist',
    title: 'oktransportlist',
    menu: 'mobile',
    access: access.courier,
    ns: ['mobile', 'grid'],
    lazy: () => import('@/features/mobile/journals').then((m) => ({ Component: m.OkTransportList })),
  },
  {
    path: '/errtransportlist',
    title: 'errtransportlist',
    menu: 'mobile',
    access: access.courier,
    ns: ['mobile', 'grid'],
    lazy: () => import('@/features/mobile/journals').then((m) => ({ Component: m.ErrTransportList })),
  },
  {
    path: '/parsexport',
    title: 'parsexport',
    access: access.courier,
    ns: ['mobile', 'grid'],
    lazy: () => import('@/features/mobile/parsexport'),
  },
  {
    path: '/pargive',
    title: 'pargive',
    access: access.courier,
    ns: ['mobile', 'grid'],
    lazy: () => import('@/features/mobile/pargive'),
  },
  {
    path: '/statuschange',
    title: 'statuschange',
    access: access.courier,
    ns: ['mobile', 'grid'],
    lazy: () => import('@/features/mobile/statuschange'),
  },
  {
    path: '/delivercurrier',
    title: 'delivercurrier',
    access: access.courier,
    ns: ['mobile', 'grid'],
    lazy: () => import('@/features/mobile/delivercurrier'),
  },
  {
    path: '/startwaybill',
    title: 'startwaybill',
    access: access.courier,
    ns: ['mobile', 'grid'],
    lazy: () => import('@/features/mobile/startwaybill'),
  },
  {
    path: '/closewaybill',
    title: 'closewaybill',
    access: access.courier,
    ns: ['mobile', 'grid'],
    lazy: () => import('@/features/mobile/closewaybill'),
  },
  {
    path: '/signature',
    title: 'signature',
    access: access.courier,
    ns: ['mobile'],
    lazy: () => import('@/features/mobile/signature'),
  },
];

/** The screen of a path (exact match), if any. */
export function findScreen(pathname: string): Screen | undefined {
  const p = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  return screens.find((s) => s.path === p);
}
