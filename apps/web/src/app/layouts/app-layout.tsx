import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { HydratedApart } from '../../ui/hydrated-apart';
import { useShell } from '../../ui/shell-store';
import { Spinner } from '../../ui/spinner';
import { BottomBar } from './bottom-bar';
import { Footer } from './footer';
import { Header } from './header';
import { SideMenuEntries } from './side-menu';

const SideMenuDrawer = lazy(() => import('./side-menu-drawer').then((m) => ({ default: m.SideMenuDrawer })));

/**
 * Spec 2.1 layout variants: most routes have header, footer and side menu; /pointMall has no side menu;
 * the lottery, seamless and game routes have the header only; /helpmc has no header.
 */
export type LayoutVariant = 'full' | 'no-side-menu' | 'header-only' | 'no-header';

const PARTS: Record<LayoutVariant, { header: boolean; footer: boolean; sideMenu: boolean }> = {
  full: { header: true, footer: true, sideMenu: true },
  'no-side-menu': { header: true, footer: true, sideMenu: false },
  'header-only': { header: true, footer: false, sideMenu: false },
  'no-header': { header: false, footer: false, sideMenu: false },
};

export function ScreenLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="grid min-h-[50vh] place-items-center">
      <Spinner />
      <span className="sr-only">{t('app.screen_loading')}</span>
    </div>
  );
}

export function AppLayout({ variant }: { variant: LayoutVariant }) {
  const { t } = useTranslation();
  const parts = PARTS[variant];
  const isMenuOpen = useShell((state) => state.isMenuOpen);
  return (
    <div className="flex min-h-dvh flex-col bg-slate-950 text-slate-100">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-amber-400 focus:px-3 focus:py-2 focus:text-slate-950"
      >
        {t('app.skip_to_content')}
      </a>
      {parts.header && (
        <HydratedApart>
          <Header hasSideMenu={parts.sideMenu} />
        </HydratedApart>
      )}
      <div className="mx-auto flex w-full max-w-7xl flex-1">
        {parts.sideMenu && (
          <aside
            data-testid="side-menu"
            className="sticky top-14 hidden h-[calc(100dvh-3.5rem)] w-60 shrink-0 overflow-y-auto border-e border-slate-800 p-3 lg:block"
          >
            <HydratedApart>
              <SideMenuEntries />
            </HydratedApart>
          </aside>
        )}
        <main id="main" tabIndex={-1} className={`min-w-0 flex-1 ${parts.sideMenu ? 'pb-20 lg:pb-0' : ''}`}>
          <Outlet />
        </main>
      </div>
      {parts.footer && (
        <HydratedApart>
          <Footer />
        </HydratedApart>
      )}
      {parts.sideMenu && (
        <HydratedApart>
          <BottomBar />
        </HydratedApart>
      )}
      {parts.sideMenu && isMenuOpen && (
        <Suspense fallback={null}>
          <SideMenuDrawer />
        </Suspense>
      )}
    </div>
  );
}

export const FullLayout = () => <AppLayout variant="full" />;
export const NoSideMenuLayout = () => <AppLayout variant="no-side-menu" />;
export const HeaderOnlyLayout = () => <AppLayout variant="header-only" />;
export const NoHeaderLayout = () => <AppLayout variant="no-header" />;
