import type { ComponentType } from 'react';
import { access, type Access } from '@/app/access';
import type { MenuGroupKey } from '@/app/menu-groups';

/**
 * The route table: every screen of the specification, ONE line each (the public ones, open without a
 * session, are in `public-routes.ts`: they run without React Router).
 * - `title`: key under `layout:routes` in the i18n catalogue (also the page title).
 * - `menu`: the side-menu group; absent = reachable by URL only.
 * - `access`: who may open it (others go to their landing page; the server refuses the calls too).
 * - `lazy`: loads the screen's code and answers its component (each screen module exports its screen by
 *   a name of its own, e.g. `RouteSheetScreen`; the router makes it the lazy route's `Component`).
 * - `ns`: the i18n namespaces the screen uses, fetched together with its code (a namespace left out
 *   still loads when the screen asks for it, one round trip later).
 * A screen that is not built yet points at `soon` (the shared "being prepared" page):
 * replace `soon` with `() => import('@/features/<area>/<screen>').then((m) => m.<Name>Screen)` when the screen exists.
 * The specification's addresses (with their spellings) live only here and in `public-routes.ts`.
 */
export type ScreenModule = () => Promise<ComponentType>;
export interface Screen {
  path: string;
  title: string;
  menu?: MenuGroupKey;
  access: Access;
  lazy: ScreenModule;
  ns?: string[];
}

const soon: ScreenModule = () => import('@/app/coming-soon').then((m) => m.ComingSoonScreen);
/** True while a screen still points at the "being prepared" page (the menu marks it). */
export const isSoon = (s: Pick<Screen, 'lazy'>): boolean => s.lazy === soon;

export const screens: Screen[] = [
  {
    path: '/home',
    title: 'home',
    menu: 'main',
    access: access.staff,
    ns: ['home'],
    lazy: () => import('@/features/home/home').then((m) => m.HomeScreen),
  },
  {
    path: '/profile',
    title: 'profile',
    access: access.staff,
    ns: ['profile'],
    lazy: () => import('@/features/profile/profile').then((m) => m.ProfileScreen),
  },
  {
    path: '/parfinder',
    title: 'parfinder',
    access: access.adminOrOffice,
    ns: ['finder', 'grid', 'print', 'scan'],
    lazy: () => import('@/features/parcels/parcel-finder').then((m) => m.ParcelFinderScreen),
  },
  // reference data (administration)
  {
    path: '/regions',
    title: 'regions',
    menu: 'reference',
    access: access.admin,
    ns: ['reference', 'grid'],
    lazy: () => import('@/features/reference/regions').then((m) => m.RegionsScreen),
  },
  {
    path: '/status',
    title: 'status',
    menu: 'reference',
    access: access.admin,
    ns: ['reference', 'grid'],
    lazy: () => import('@/features/reference/list-screens').then((m) => m.StatusListScreen),
  },
  {
    path: '/clientstypes',
    title: 'clientstypes',
    menu: 'reference',
    access: access.admin,
    ns: ['reference', 'grid'],
    lazy: () => import('@/features/reference/list-screens').then((m) => m.ClientTypeListScreen),
  },
  {
    path: '/parcelstypes',
    title: 'parcelstypes',
    menu: 'reference',
    access: access.admin,
    ns: ['reference', 'grid'],
    lazy: () => import('@/features/reference/list-screens').then((m) => m.ParcelTypeListScreen),
  },
  {
    path: '/paytypes',
    title: 'paytypes',
    menu: 'reference',
    access: access.admin,
    ns: ['reference', 'grid'],
    lazy: () => import('@/features/reference/list-screens').then((m) => m.PayerTypeListScreen),
  },
  {
    path: '/curtypes',
    title: 'curtypes',
    menu: 'reference',
    access: access.admin,
    ns: ['reference', 'grid'],
    lazy: () => import('@/features/reference/list-screens').then((m) => m.CurrencyListScreen),
  },
  {
    path: '/bagtypes',
    title: 'bagtypes',
    menu: 'reference',
    access: access.admin,
    ns: ['reference', 'grid'],
    lazy: () => import('@/features/reference/list-screens').then((m) => m.BagTypeListScreen),
  },
  {
    path: '/proof-rules',
    title: 'proofrules',
    menu: 'reference',
    access: access.admin,
    ns: ['proof', 'grid'],
    lazy: () => import('@/features/proof/rules-screen').then((m) => m.ProofRulesScreen),
  },
  // administration
  {
    path: '/offices',
    title: 'offices',
    menu: 'admin',
    access: access.admin,
    ns: ['admin', 'grid'],
    lazy: () => import('@/features/admin/offices').then((m) => m.OfficesScreen),
  },
  {
    path: '/mobiles',
    title: 'mobiles',
    menu: 'admin',
    access: access.admin,
    ns: ['admin', 'grid'],
    lazy: () => import('@/features/admin/mobiles').then((m) => m.MobilesScreen),
  },
  {
    path: '/users',
    title: 'users',
    menu: 'admin',
    access: access.admin,
    ns: ['admin', 'grid'],
    lazy: () => import('@/features/admin/users').then((m) => m.UsersScreen),
  },
  {
    path: '/notifications',
    title: 'notifications',
    menu: 'admin',
    access: access.admin,
    ns: ['notifications', 'grid'],
    lazy: () => import('@/features/notifications/notifications-screen').then((m) => m.NotificationsScreen),
  },
  {
    path: '/webhooks',
    title: 'webhooks',
    menu: 'admin',
    access: access.admin,
    ns: ['webhooks', 'grid'],
    lazy: () => import('@/features/webhooks/webhooks-screen').then((m) => m.WebhooksScreen),
  },
  {
    path: '/shipper-keys',
    title: 'apikeys',
    menu: 'admin',
    access: access.admin,
    ns: ['shipper', 'grid'],
    lazy: () => import('@/features/shipper/api-keys-screen').then((m) => m.ApiKeysScreen),
  },
  {
    path: '/changestatus',
    title: 'changestatus',
    menu: 'admin',
    access: access.admin,
    ns: ['finder', 'grid'],
    lazy: () => import('@/features/parcels/change-status').then((m) => m.ChangeStatusScreen),
  },
  {
    path: '/deletedparcels',
    title: 'deletedparcels',
    menu: 'admin',
    access: access.admin,
    ns: ['finder', 'grid'],
    lazy: () => import('@/features/parcels/deleted-parcels').then((m) => m.DeletedParcelsScreen),
  },
  {
    path: '/bill',
    title: 'bill',
    menu: 'admin',
    access: access.admin,
    ns: ['finder', 'grid'],
    lazy: () => import('@/features/parcels/file-finder').then((m) => m.BillFilesScreen),
  },
  // registration and registries
  {
    path: '/registration',
    title: 'registration',
    menu: 'registration',
    access: access.registration,
    ns: ['registration', 'print'],
    lazy: () => import('@/features/registration/registration').then((m) => m.RegistrationScreen),
  },
  {
    path: '/buildregistry',
    title: 'buildregistry',
    menu: 'registration',
    access: access.office,
    ns: ['registries', 'scan', 'grid'],
    lazy: () => import('@/features/registries/registry-build').then((m) => m.RegistryBuildScreen),
  },
  {
    path: '/registry',
    title: 'registry',
    menu: 'registration',
    access: access.adminOrOffice,
    ns: ['registries', 'grid'],
    lazy: () => import('@/features/registries/registry-print').then((m) => m.RegistryPrintScreen),
  },
  {
    path: '/registrylist',
    title: 'registrylist',
    menu: 'registration',
    access: access.office,
    ns: ['registries', 'grid'],
    lazy: () => import('@/features/registries/registry-journal').then((m) => m.RegistryJournalScreen),
  },
  // parcel operations
  {
    path: '/myparcels',
    title: 'myparcels',
    menu: 'parcels',
    access: access.office,
    ns: ['scan', 'grid'],
    lazy: () => import('@/features/parcels/list-screens').then((m) => m.MyParcelsScreen),
  },
  {
    path: '/suborgparcels',
    title: 'suborgparcels',
    menu: 'parcels',
    access: access.office,
    ns: ['scan', 'grid'],
    lazy: () => import('@/features/parcels/list-screens').then((m) => m.SubOfficeParcelsScreen),
  },
  {
    path: '/receiveparcel',
    title: 'receiveparcel',
    menu: 'parcels',
    access: access.officeNotCorporate,
    ns: ['scan', 'grid'],
    lazy: () => import('@/features/parcels/scan-screens').then((m) => m.ReceiveParcelScreen),
  },
  {
    path: '/confirmparcel',
    title: 'confirmparcel',
    menu: 'parcels',
    access: access.office,
    ns: ['scan', 'grid'],
    lazy: () => import('@/features/parcels/scan-screens').then((m) => m.ConfirmParcelScreen),
  },
  // incoming is open to corporate users; outgoing is not (spec 002 §2.13)
  {
    path: '/receiving',
    title: 'receiving',
    menu: 'parcels',
    access: access.office,
    ns: ['scan', 'grid'],
    lazy: () => import('@/features/parcels/list-screens').then((m) => m.IncomingParcelsScreen),
  },
  {
    path: '/sending',
    title: 'sending',
    menu: 'parcels',
    access: access.officeNotCorporate,
    ns: ['scan', 'grid'],
    lazy: () => import('@/features/parcels/list-screens').then((m) => m.OutgoingParcelsScreen),
  },
  {
    path: '/addstatus',
    title: 'addstatus',
    menu: 'parcels',
    access: access.office,
    ns: ['scan', 'grid'],
    lazy: () => import('@/features/parcels/scan-screens').then((m) => m.AddStatusScreen),
  },
  {
    path: '/comment',
    title: 'comment',
    menu: 'parcels',
    access: access.officeNotCorporate,
    ns: ['scan', 'grid'],
    lazy: () => import('@/features/parcels/scan-screens').then((m) => m.CommentScreen),
  },
  // bags
  {
    path: '/newbag',
    title: 'newbag',
    menu: 'bags',
    access: access.officeNotCorporate,
    ns: ['bags', 'scan', 'grid'],
    lazy: () => import('@/features/bags/new-bag').then((m) => m.NewBagScreen),
  },
  {
    path: '/bags',
    title: 'bags',
    menu: 'bags',
    access: access.officeNotCorporate,
    ns: ['bags', 'scan', 'grid'],
    lazy: () => import('@/features/bags/bags').then((m) => m.BagsScreen),
  },
  // fines
  {
    path: '/receivepayedparcel',
    title: 'receivepayedparcel',
    menu: 'fines',
    access: access.fines,
    ns: ['scan', 'grid'],
    lazy: () => import('@/features/parcels/scan-screens').then((m) => m.ReceiveFinesScreen),
  },
  {
    path: '/checkpayed',
    title: 'checkpayed',
    menu: 'fines',
    access: access.fines,
    ns: ['scan', 'grid'],
    lazy: () => import('@/features/parcels/scan-screens').then((m) => m.CheckPaidScreen),
  },
  // couriers
  {
    path: '/ranshit',
    title: 'ranshit',
    menu: 'couriers',
    access: access.routeSheet,
    ns: ['couriers', 'grid'],
    lazy: () => import('@/features/couriers/route-sheet').then((m) => m.RouteSheetScreen),
  },
  {
    path: '/courieractivity',
    title: 'courieractivity',
    menu: 'couriers',
    access: access.officeNotCorporate,
    ns: ['couriers', 'grid'],
    lazy: () => import('@/features/couriers/courier-activity').then((m) => m.CourierActivityScreen),
  },
  // archives
  {
    path: '/arcparfinder',
    title: 'arcparfinder',
    menu: 'archive',
    access: access.adminOrOffice,
    ns: ['archive', 'grid', 'print'],
    lazy: () => import('@/features/archive/archive-finder').then((m) => m.ArchiveFinderScreen),
  },
  {
    path: '/oldarcparfinder',
    title: 'oldarcparfinder',
    menu: 'archive',
    access: access.adminOrOffice,
    ns: ['archive', 'grid', 'print'],
    lazy: () => import('@/features/archive/old-archive-finder').then((m) => m.OldArchiveFinderScreen),
  },
  // manager reports
  {
    path: '/finance-anlysis',
    title: 'financeAnlysis',
    menu: 'reports',
    access: access.admin,
    ns: ['reports', 'grid'],
    lazy: () => import('@/features/reports/finance-analysis').then((m) => m.FinanceAnalysisScreen),
  },
  {
    path: '/financeparcel',
    title: 'financeparcel',
    menu: 'reports',
    access: access.admin,
    ns: ['reports', 'grid'],
    lazy: () => import('@/features/reports/parcel-finance').then((m) => m.ParcelFinanceScreen),
  },
  {
    path: '/employeevisit',
    title: 'employeevisit',
    menu: 'reports',
    access: access.admin,
    ns: ['reports', 'grid'],
    lazy: () => import('@/features/reports/employee-report').then((m) => m.EmployeeReportScreen),
  },
  {
    path: '/visitofdey',
    title: 'visitofdey',
    menu: 'reports',
    access: access.admin,
    ns: ['reports', 'grid'],
    lazy: () => import('@/features/reports/daily-report').then((m) => m.DailyReportScreen),
  },
  {
    path: '/pod-export',
    title: 'podExport',
    menu: 'reports',
    access: access.podExport,
    ns: ['pod-export'],
    lazy: () => import('@/features/proof/pod-export-screen').then((m) => m.PodExportScreen),
  },
  // listed by the specification without content
  {
    path: '/tasks',
    title: 'tasks',
    access: access.dispatch,
    ns: ['reports', 'grid'],
    lazy: () => import('@/features/reports/tasks').then((m) => m.TasksScreen),
  },
  {
    path: '/mapping',
    title: 'mapping',
    access: access.dispatch,
    ns: ['reports', 'grid'],
    lazy: () => import('@/features/reports/mapping').then((m) => m.CourierMapScreen),
  },
  {
    path: '/syn-fussionmapping',
    title: 'synFussionmapping',
    access: access.dispatch,
    ns: ['reports', 'grid'],
    lazy: () => import('@/features/reports/mapping').then((m) => m.CourierMarkerMapScreen),
  },
  // courier mode (role 106)
  {
    path: '/mobilehome',
    title: 'mobilehome',
    menu: 'mobile',
    access: access.courier,
    ns: ['mobile'],
    lazy: () => import('@/features/mobile/mobile-home').then((m) => m.MobileHomeScreen),
  },
  {
    path: '/setstatuses',
    title: 'setstatuses',
    menu: 'mobile',
    access: access.courier,
    ns: ['mobile', 'grid'],
    lazy: () => import('@/features/mobile/journals').then((m) => m.StatusJournalScreen),
  },
  {
    path: '/oktransportlist',
    title: 'oktransportlist',
    menu: 'mobile',
    access: access.courier,
    ns: ['mobile', 'grid'],
    lazy: () => import('@/features/mobile/journals').then((m) => m.TransportJournalScreen),
  },
  {
    path: '/errtransportlist',
    title: 'errtransportlist',
    menu: 'mobile',
    access: access.courier,
    ns: ['mobile', 'grid'],
    lazy: () => import('@/features/mobile/journals').then((m) => m.ErrorJournalScreen),
  },
  {
    path: '/parsexport',
    title: 'parsexport',
    access: access.courier,
    ns: ['mobile', 'grid'],
    lazy: () => import('@/features/mobile/courier-pickup').then((m) => m.CourierPickupScreen),
  },
  {
    path: '/pargive',
    title: 'pargive',
    access: access.courier,
    ns: ['mobile', 'grid'],
    lazy: () => import('@/features/mobile/courier-handover').then((m) => m.CourierHandoverScreen),
  },
  {
    path: '/statuschange',
    title: 'statuschange',
    access: access.courier,
    ns: ['mobile', 'grid'],
    lazy: () => import('@/features/mobile/status-change').then((m) => m.StatusChangeScreen),
  },
  {
    path: '/delivercurrier',
    title: 'delivercurrier',
    access: access.courier,
    ns: ['mobile', 'grid'],
    lazy: () => import('@/features/mobile/hand-to-courier').then((m) => m.HandToCourierScreen),
  },
  {
    path: '/startwaybill',
    title: 'startwaybill',
    access: access.courier,
    ns: ['mobile', 'grid'],
    lazy: () => import('@/features/mobile/waybill-start').then((m) => m.WaybillStartScreen),
  },
  {
    path: '/closewaybill',
    title: 'closewaybill',
    access: access.courier,
    ns: ['mobile', 'grid'],
    lazy: () => import('@/features/mobile/waybill-close').then((m) => m.WaybillCloseScreen),
  },
  {
    path: '/signature',
    title: 'signature',
    access: access.courier,
    ns: ['mobile'],
    lazy: () => import('@/features/mobile/signature').then((m) => m.SignatureScreen),
  },
];

/** The screen of a path (exact match), if any. */
export function findScreen(pathname: string): Screen | undefined {
  const p = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  return screens.find((s) => s.path === p);
}
