import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useGameVendors } from '../../features/catalogue/api/get-game-vendors';
import { useShell } from '../../ui/shell-store';
import { Icon } from './icons';
import { useCategoryLinks } from './use-categories';

const itemClass =
  'flex min-w-0 flex-1 flex-col items-center justify-center gap-0.5 px-0.5 text-center text-[11px] leading-tight font-medium';

/** How many game categories fit in the bar beside home, promotions and the menu at 360 px. */
const BAR_CATEGORIES = 2;
const PLACEHOLDER_KEYS = Array.from({ length: BAR_CATEGORIES }, (_, slot) => `category-slot-${slot}`);

/** Spec 2.2 bottom bar, phone widths only: home, the first game categories with vendors, promotions, menu. */
export function BottomBar() {
  const { t, i18n } = useTranslation();
  const menuOpened = useShell((state) => state.menuOpened);
  const categories = useCategoryLinks().slice(0, BAR_CATEGORIES);
  // Until the vendor list arrives the category slots are held, so the other items do not jump sideways (CLS).
  const placeholders = useGameVendors(i18n.language).isPending ? PLACEHOLDER_KEYS : [];
  const linkClass = ({ isActive }: { isActive: boolean }) => `${itemClass} ${isActive ? 'text-amber-300' : 'text-slate-300'}`;
  return (
    <nav
      data-testid="bottom-bar"
      aria-label={t('shell.bottom.label')}
      className="fixed inset-x-0 bottom-0 z-30 flex h-16 border-t border-slate-800 bg-slate-950/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden"
    >
      <NavLink to="/index" className={linkClass}>
        <Icon name="home" />
        <span className="w-full truncate">{t('shell.bottom.home')}</span>
      </NavLink>
      {categories.map((link) => (
        <NavLink key={link.category} to={link.to} className={linkClass} data-category={link.category}>
          <Icon name={link.icon} />
          <span className="w-full truncate">{t(link.shortKey)}</span>
        </NavLink>
      ))}
      {placeholders.map((key) => (
        <span key={key} aria-hidden="true" className={itemClass}>
          <span className="size-5 animate-pulse rounded bg-slate-800" />
          <span className="h-3 w-10 animate-pulse rounded bg-slate-800" />
        </span>
      ))}
      <NavLink to="/promotions" className={linkClass}>
        <Icon name="promo" />
        <span className="w-full truncate">{t('shell.bottom.promo')}</span>
      </NavLink>
      <button type="button" className={`${itemClass} text-slate-300`} onClick={menuOpened}>
        <Icon name="menu" />
        <span className="w-full truncate">{t('shell.bottom.menu')}</span>
      </button>
    </nav>
  );
}
