import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useShell } from '../shell-store';
import { Icon } from './icons';
import { useCustomerService } from './use-customer-service';

const itemClass = 'flex flex-1 flex-col items-center justify-center gap-0.5 text-[11px] font-medium';

/** Spec 2.2 bottom bar, phone widths only. */
export function BottomBar() {
  const { t } = useTranslation();
  const menuOpened = useShell((state) => state.menuOpened);
  const service = useCustomerService();
  const linkClass = ({ isActive }: { isActive: boolean }) => `${itemClass} ${isActive ? 'text-amber-300' : 'text-slate-300'}`;
  return (
    <nav
      aria-label={t('shell.bottom.label')}
      className="fixed inset-x-0 bottom-0 z-30 flex h-16 border-t border-slate-800 bg-slate-950/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden"
    >
      <NavLink to="/index" className={linkClass}>
        <Icon name="home" />
        {t('shell.bottom.home')}
      </NavLink>
      <NavLink to="/promotions" className={linkClass}>
        <Icon name="promo" />
        {t('shell.bottom.promo')}
      </NavLink>
      <button type="button" className={`${itemClass} text-slate-300`} onClick={service.handleOpen}>
        <Icon name="service" />
        {t('shell.bottom.service')}
      </button>
      <button type="button" className={`${itemClass} text-slate-300`} onClick={menuOpened}>
        <Icon name="menu" />
        {t('shell.bottom.menu')}
      </button>
      {service.result !== null && service.result !== 'opened' && (
        <p
          role="alert"
          className="absolute inset-x-2 bottom-full mb-2 rounded-lg bg-slate-800 p-2 text-center text-xs text-amber-300"
        >
          {t(service.result === 'blocked' ? 'customer_service.popup_blocked' : 'customer_service.unavailable')}
        </p>
      )}
    </nav>
  );
}
