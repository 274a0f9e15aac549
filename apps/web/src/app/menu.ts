import type { SessionState } from '@/lib/session';
import { MENU_GROUPS, type MenuGroupKey } from '@/app/menu-groups';
import { isSoon, screens as allScreens, type Screen } from '@/app/routes';

export interface MenuItem {
  path: string;
  title: string;
  /** the screen is not built yet (the menu marks it) */
  soon?: boolean;
}
export interface MenuGroup {
  key: MenuGroupKey;
  items: MenuItem[];
}

/** The side menu of a user: the groups and items the route access rules let them open (empty groups left out). */
export function menuFor(s: SessionState | null, screens: readonly Screen[] = allScreens): MenuGroup[] {
  if (!s) return [];
  const groups: MenuGroup[] = [];
  for (const key of MENU_GROUPS) {
    const items = screens
      .filter((sc) => sc.menu === key && sc.access(s))
      .map((sc) => ({ path: sc.path, title: sc.title, ...(isSoon(sc) ? { soon: true } : {}) }));
    if (items.length) groups.push({ key, items });
  }
  return groups;
}

/** The paths of a user's menu, flat (for tests and checks). */
export function menuPaths(s: SessionState | null): string[] {
  return menuFor(s).flatMap((g) => g.items.map((i) => i.path));
}
