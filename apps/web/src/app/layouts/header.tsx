import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useAccountFeatures } from '../../features/accounts/hooks/use-account-features';
import { useSession } from '../../lib/session';
import { useSystemStatus } from '../../lib/system-status';
import { buttonClass } from '../../ui/button';
import { useShell } from '../../ui/shell-store';
import { Icon } from './icons';
import { LanguageSelect } from './language-select';
import { useCategoryLinks } from './use-categories';
import { useCustomerService } from './use-customer-service';

// The logged-in variant is its own chunk: visitors never download it.
const MemberHeaderActions = lazy(() => import('./member-actions').then((m) => ({ default: m.MemberHeaderActions })));

/** Spec 2.2 logged-in header: balance slot, deposit/withdraw, avatar menu (accounts feature). */
function AccountArea() {
  const service = useCustomerService();
  return (
    <Suspense fallback={<div className="h-10 w-32" aria-hidden="true" />}>
      <MemberHeaderActions onCustomerService={service.handleOpen} />
    </Suspense>
  );
}

/** The game categories across the header on wide screens (spec 2.2: only categories with vendors). */
function CategoryNav() {
  const { t } = useTranslation();
  const categories = useCategoryLinks();
  if (categories.length === 0) return null;
  return (
    <nav aria-label={t('shell.header.categories')} className="hidden min-w-0 lg:block">
      <ul className="flex items-center gap-1" data-testid="header-categories">
        {categories.map((link) => (
          <li key={link.category}>
            <NavLink
              to={link.to}
              data-category={link.category}
              className={({ isActive }) =>
                `flex h-10 items-center gap-1.5 rounded-lg px-3 text-sm font-medium whitespace-nowrap ${isActive ? 'bg-amber-400/15 text-amber-300' : 'text-slate-200 hover:bg-slate-800'}`
              }
            >
              <Icon name={link.icon} className="size-4" />
              {t(link.labelKey)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Logo() {
  const { t } = useTranslation();
  const { product } = useSystemStatus();
  return (
    <Link
      to="/index"
      className="flex items-center gap-2 font-bold text-slate-50"
      aria-label={`${product.brand.name} — ${t('shell.header.home')}`}
    >
      <img src="/favicon.svg" alt="" width="28" height="28" className="size-7" />
      <span className="hidden text-lg tracking-tight sm:inline">{product.brand.name}</span>
    </Link>
  );
}

/**
 * Spec 2.2 header: logo, language select and, for visitors, login and sign-up (when the merchant offers direct
 * registration); for members the account area.
 * The menu button on narrow screens.
 */
export function Header({ hasSideMenu }: { hasSideMenu: boolean }) {
  const { t } = useTranslation();
  const menuOpened = useShell((state) => state.menuOpened);
  const isLoggedIn = useSession((state) => state.token !== null);
  const { directRegisterButton } = useAccountFeatures();
  return (
    <header data-testid="site-header" className="sticky top-0 z-30 border-b border-slate-800 bg-slate-950/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-3 sm:px-4">
        {hasSideMenu && (
          <button
            type="button"
            onClick={menuOpened}
            aria-label={t('shell.header.open_menu')}
            className="grid size-10 place-items-center rounded-lg text-slate-200 hover:bg-slate-800 lg:hidden"
          >
            <Icon name="menu" className="size-6" />
          </button>
        )}
        <Logo />
        <CategoryNav />
        <div className="ms-auto flex min-w-0 items-center gap-1.5 sm:gap-2">
          {/* A member's header is full on phones (balance, deposit, avatar): there the select moves to the side menu. */}
          <LanguageSelect className={isLoggedIn ? 'hidden sm:flex' : 'flex'} />
          {isLoggedIn ? (
            <AccountArea />
          ) : (
            <>
              <Link to="/login" className={buttonClass('secondary', 'px-2.5 sm:px-3')}>
                {t('shell.header.login')}
              </Link>
              {directRegisterButton && (
                <Link to="/register" className={buttonClass('primary', 'px-2.5 sm:px-3')}>
                  {t('shell.header.register')}
                </Link>
              )}
            </>
          )}
        </div>
      </div>
    </header>
  );
}
