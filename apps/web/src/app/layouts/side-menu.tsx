import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useSession } from '../../lib/session';
import { Icon } from './icons';
import { LanguageSelect } from './language-select';
import { MENU_LINKS } from './menu-entries';
import { useCategoryLinks } from './use-categories';
import { useCustomerService } from './use-customer-service';

const AccountSideEntries = lazy(() => import('./member-actions').then((m) => ({ default: m.AccountSideEntries })));

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium ${isActive ? 'bg-amber-400/15 text-amber-300' : 'text-slate-200 hover:bg-slate-800'}`;

/** The side menu's entries (spec 2.2), shared by the desktop sidebar and the phone slide-out. */
export function SideMenuEntries({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const service = useCustomerService();
  const categories = useCategoryLinks();
  const isLoggedIn = useSession((state) => state.token !== null);
  return (
    <nav aria-label={t('shell.menu.title')} className="flex flex-col gap-1">
      {categories.length > 0 && (
        <>
          <p className="px-3 pt-1 pb-0.5 text-xs font-semibold tracking-wide text-slate-400 uppercase">{t('shell.menu.games')}</p>
          <ul className="flex flex-col gap-1" data-testid="menu-categories">
            {categories.map((link) => (
              <li key={link.category}>
                <NavLink to={link.to} className={linkClass} onClick={onNavigate} data-category={link.category}>
                  <Icon name={link.icon} />
                  {t(link.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
          <hr className="my-2 border-slate-800" />
        </>
      )}
      {MENU_LINKS.map((link) => (
        <NavLink key={link.to} to={link.to} className={linkClass} onClick={onNavigate}>
          <Icon name={link.icon} />
          {t(link.labelKey)}
        </NavLink>
      ))}
      <button type="button" className={linkClass({ isActive: false })} onClick={service.handleOpen}>
        <Icon name="service" />
        {t('shell.menu.customer_service')}
      </button>
      {service.result === 'blocked' && (
        <p role="alert" className="px-3 text-xs text-amber-300">
          {t('customer_service.popup_blocked')}
        </p>
      )}
      {service.result === 'unavailable' && (
        <p role="alert" className="px-3 text-xs text-amber-300">
          {t('customer_service.unavailable')}
        </p>
      )}
      {isLoggedIn && (
        <Suspense fallback={null}>
          <hr className="my-2 border-slate-800" />
          <AccountSideEntries linkClass={linkClass({ isActive: false })} onNavigate={onNavigate} />
        </Suspense>
      )}
      {isLoggedIn && (
        <div className="px-3 pt-2 sm:hidden">
          <LanguageSelect isNameAlwaysShown />
        </div>
      )}
    </nav>
  );
}
