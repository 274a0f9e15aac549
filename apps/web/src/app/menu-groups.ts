/** The side-menu groups, in menu order. */
export const MENU_GROUPS = [
  'main',
  'reference',
  'admin',
  'registration',
  'parcels',
  'bags',
  'fines',
  'couriers',
  'archive',
  'reports',
  'mobile',
] as const;
export type MenuGroupKey = (typeof MENU_GROUPS)[number];
