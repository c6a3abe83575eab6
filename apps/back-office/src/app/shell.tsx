import * as routes from '@tessera/contract/routes/back-office';
import type { Permission } from '@tessera/contract/staff-permissions';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { MONEY_SCREENS } from '../features/money/screens';
import { apiCall } from '../lib/api';
import { can, staffSession, useStaffSession } from '../lib/session';
import { LanguageSwitch } from '../ui/language-switch';

/** The screens of the navigation, each shown to the roles that may open it. */
export const SCREENS: { path: string; label: string; permission: Permission | null; badge?: () => ReactNode }[] = [
  { path: '/dashboard', label: 'nav.dashboard', permission: 'dashboard.view' },
  ...MONEY_SCREENS,
  { path: '/players', label: 'nav.players', permission: 'players.view' },
  { path: '/agents', label: 'nav.agents', permission: 'players.view' },
  { path: '/agent-contracts', label: 'nav.agent_contracts', permission: 'players.view' },
  { path: '/agent-settlements', label: 'nav.agent_settlements', permission: 'players.view' },
  { path: '/reports', label: 'nav.reports', permission: 'reports.view' },
  { path: '/chat', label: 'nav.chat', permission: 'players.manage' },
  { path: '/messages', label: 'nav.messages', permission: 'players.manage' },
  { path: '/deliveries', label: 'nav.deliveries', permission: 'players.pii' },
  { path: '/content', label: 'nav.content', permission: 'content.edit' },
  { path: '/promotions', label: 'nav.promotions', permission: 'promotions.manage' },
  { path: '/point-mall', label: 'nav.point_mall', permission: 'loyalty.manage' },
  { path: '/missions', label: 'nav.missions', permission: 'loyalty.manage' },
  { path: '/promotion-reviews', label: 'nav.promotion_reviews', permission: 'promotions.review' },
  { path: '/games', label: 'nav.games', permission: 'games.edit' },
  { path: '/settings', label: 'nav.settings', permission: 'settings.edit' },
  { path: '/audit', label: 'nav.audit', permission: 'audit.view' },
  { path: '/staff', label: 'nav.staff', permission: 'staff.manage' },
  { path: '/sessions', label: 'nav.sessions', permission: null },
];

/** The frame of every screen after login: navigation, who is logged in, logout. */
export function Shell() {
  const { t } = useTranslation();
  const { me } = useStaffSession();

  const logout = async () => {
    await apiCall(routes.logout).catch(() => null);
    staffSession.end();
  };

  return (
    <div className="shell">
      <a className="skip-link" href="#content">
        {t('shell.skip')}
      </a>
      <header className="topbar">
        <span className="brand">{t('shell.brand')}</span>
        <span className="who" data-testid="who">
          {t('shell.logged_in_as', { name: me?.name ?? '', role: me?.role ?? '' })}
        </span>
        <LanguageSwitch className="language-switch-compact" />
        <button type="button" className="btn" onClick={() => void logout()}>
          {t('shell.logout')}
        </button>
      </header>
      <nav className="sidebar" aria-label={t('shell.navigation')}>
        <ul>
          {SCREENS.filter((screen) => screen.permission === null || can(me, screen.permission)).map((screen) => (
            <li key={screen.path}>
              <NavLink to={screen.path}>
                {t(screen.label)}
                {screen.badge?.()}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="content" className="content" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
