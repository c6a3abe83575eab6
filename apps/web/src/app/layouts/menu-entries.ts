import type { ParseKeys } from 'i18next';
import type { IconName } from './icons';

export interface MenuLink {
  to: string;
  labelKey: ParseKeys;
  icon: IconName;
}

/**
 * Spec 2.2 side menu after the game categories (which come from the vendor list): promo, app download and the
 * site's pages; customer service is a button beside them.
 */
export const MENU_LINKS: MenuLink[] = [
  { to: '/hot', labelKey: 'shell.menu.hot', icon: 'hot' },
  { to: '/promotions', labelKey: 'shell.menu.promo', icon: 'promo' },
  { to: '/down', labelKey: 'shell.menu.download', icon: 'download' },
  { to: '/noticePage', labelKey: 'shell.menu.notices', icon: 'notices' },
  { to: '/vip', labelKey: 'shell.menu.vip', icon: 'vip' },
  { to: '/help', labelKey: 'shell.menu.help', icon: 'help' },
  { to: '/feedback', labelKey: 'shell.menu.feedback', icon: 'feedback' },
];
