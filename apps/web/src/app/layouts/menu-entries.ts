import type { ParseKeys } from 'i18next';

export interface MenuLink {
  to: string;
  labelKey: ParseKeys;
  icon: 'live' | 'fish' | 'slot' | 'promo' | 'download' | 'notices' | 'vip' | 'help';
}

/** Spec 2.2 side menu: live, fish, slot, promo, app download (customer service is a button beside them). */
export const MENU_LINKS: MenuLink[] = [
  { to: '/live', labelKey: 'shell.menu.live', icon: 'live' },
  { to: '/fish', labelKey: 'shell.menu.fish', icon: 'fish' },
  { to: '/rng', labelKey: 'shell.menu.slot', icon: 'slot' },
  { to: '/promotions', labelKey: 'shell.menu.promo', icon: 'promo' },
  { to: '/down', labelKey: 'shell.menu.download', icon: 'download' },
  { to: '/noticePage', labelKey: 'shell.menu.notices', icon: 'notices' },
  { to: '/vip', labelKey: 'shell.menu.vip', icon: 'vip' },
  { to: '/help', labelKey: 'shell.menu.help', icon: 'help' },
];
