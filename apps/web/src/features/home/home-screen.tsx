import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { GameItem } from '@tessera/contract/api/catalogue';
import { formatInteger } from '@tessera/contract/money-format';
import type { ParseKeys } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { errorMessageKey } from '../../lib/api-client';
import { isServerPaintedPage } from '../../lib/server-painted-page';
import { isLoggedIn, useSession } from '../../lib/session';
import { useSystemStatus } from '../../lib/system-status';
import { useMembersCentreEntry } from '../../lib/use-members-centre-entry';
import { Button, buttonClass } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { HydratedApart } from '../../ui/hydrated-apart';
import { useGameVendors } from '../catalogue/api/get-game-vendors';
import { hotGamesQuery } from '../catalogue/api/get-hot-games';
import { popularGamesQuery } from '../catalogue/api/get-popular-games';
import { CATEGORY_ROUTES } from '../catalogue/categories';
import { GameGrid, GameGridSkeleton, useOpenGame } from '../catalogue/components/game-card';
import { VendorCardLink } from '../catalogue/components/vendor-card';
import { announcementsQuery } from '../content/api/get-announcements';
import { usePopupAnnouncementOnce } from '../content/use-popup-announcement-once';
import { BannerCarousel } from './components/banner-carousel';
import { HEADLINE_HEIGHT, HeadlineMarquee } from './components/headline-marquee';
import { WinnersBoardSlot } from './winners/winners-board-slot';

/** How many hot games the home page shows before "see all". */
const HOME_HOT_GAMES = 12;

function Section({ id, titleKey, more, children }: { id: string; titleKey: ParseKeys; more?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-semibold">
          {t(titleKey)}
        </h2>
        {more && (
          <Link to={more} className="text-sm text-amber-300 hover:underline">
            {t('home.see_all')}
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

function SectionError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl border border-slate-800 px-4 py-3 text-sm">
      <p role="alert">{t(errorMessageKey(error))}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('app.boot.retry')}
      </Button>
    </div>
  );
}

function GamesSection({ query }: { query: UseQueryResult<GameItem[]> }) {
  const openGame = useOpenGame();
  if (query.isPending) return <GameGridSkeleton count={6} />;
  if (query.isError) return <SectionError error={query.error} onRetry={() => void query.refetch()} />;
  return <GameGrid games={query.data} onOpen={openGame} />;
}

/** A visitor is asked to sign up or log in; a member, who has done both, to deposit or pick a game. */
function HeroActions() {
  const { t } = useTranslation();
  const loggedIn = useSession(isLoggedIn);
  const openMembersCentre = useMembersCentreEntry();
  if (loggedIn) {
    return (
      <div className="mt-4 flex flex-wrap gap-2 sm:mt-5 sm:gap-3">
        <Button className="min-h-11 px-5" onClick={() => openMembersCentre('depositv2')}>
          {t('home.hero.cta_deposit')}
        </Button>
        <Link to="/hot" className={buttonClass('secondary', 'min-h-11 px-5')}>
          {t('home.hero.cta_play')}
        </Link>
      </div>
    );
  }
  return (
    <div className="mt-4 flex flex-wrap gap-2 sm:mt-5 sm:gap-3">
      <Link to="/register" className={buttonClass('primary', 'min-h-11 px-5')}>
        {t('home.hero.cta_register')}
      </Link>
      <Link to="/login" className={buttonClass('secondary', 'min-h-11 px-5')}>
        {t('home.hero.cta_login')}
      </Link>
    </div>
  );
}

function Hero() {
  const { t, i18n } = useTranslation();
  const { product } = useSystemStatus();
  const loggedIn = useSession(isLoggedIn);
  // Marketing copy is merchant configuration (spec §1), rendered through keys; numbers in the player's numerals.
  const count = (value: number) => formatInteger(value, i18n.language);
  const { marketing } = product;
  const highlights = [
    marketing.sportsTypes > 0 && t('home.highlights.sports', { count: count(marketing.sportsTypes) }),
    marketing.casinoGames > 0 && t('home.highlights.casino', { count: count(marketing.casinoGames) }),
    marketing.slotGames > 0 && t('home.highlights.slots', { count: count(marketing.slotGames) }),
  ].filter((text): text is string => typeof text === 'string');
  return (
    <section className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-indigo-900 via-slate-900 to-slate-950 p-5 sm:p-8">
      <h1 className="max-w-xl text-2xl font-bold text-slate-50 sm:text-3xl">
        {t('home.hero.title', { brand: product.brand.name })}
      </h1>
      <p className="mt-2 max-w-xl text-slate-300">{t('home.hero.subtitle')}</p>
      {marketing.registerBonus && !loggedIn && (
        <p className="mt-3 inline-block rounded-lg bg-amber-400/15 px-3 py-1 text-sm font-semibold text-amber-200">
          {t('home.hero.register_bonus', { bonus: marketing.registerBonus })}
        </p>
      )}
      <HeroActions />
      {highlights.length > 0 && (
        <ul aria-label={t('home.highlights.label')} className="mt-4 grid gap-1.5 text-sm sm:mt-5 sm:grid-cols-3 sm:gap-2">
          {highlights.map((text) => (
            <li key={text} className="rounded-lg bg-slate-950/40 px-3 py-1.5 font-semibold text-amber-300 sm:py-2">
              {text}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The category lobbies (spec 2.2: only categories with vendors), each with its vendors' cards. */
function CategoryLanes() {
  const { t, i18n } = useTranslation();
  const lanes = useGameVendors(i18n.language);
  const { info } = useSystemStatus();
  return (
    <Section id="home-categories" titleKey="home.categories">
      {lanes.isPending ? (
        <GameGridSkeleton count={3} />
      ) : lanes.isError ? (
        <SectionError error={lanes.error} onRetry={() => void lanes.refetch()} />
      ) : lanes.data.length === 0 ? (
        <EmptyState title={t('lobby.empty_title')} text={t('home.categories_empty')} />
      ) : (
        <div className="flex flex-col gap-5">
          {lanes.data.map((lane) => {
            const route = CATEGORY_ROUTES[lane.title];
            const headingId = `home-lane-${lane.title}`;
            return (
              <section key={lane.title} aria-labelledby={headingId} data-category={lane.title} className="flex flex-col gap-2">
                <div className="flex items-center justify-between">
                  <h3 id={headingId} className="font-semibold text-slate-200">
                    {t(route.labelKey)}
                  </h3>
                  <Link to={route.path} className="text-sm text-amber-300 hover:underline">
                    {t('home.see_all')}
                  </Link>
                </div>
                <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
                  {lane.cards.map((card) => (
                    <li key={card.vassalage}>
                      <VendorCardLink
                        card={card}
                        to={`${route.path}?vendor=${encodeURIComponent(card.vassalage)}`}
                        imageCDNs={info.imageCDNs}
                      />
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      )}
    </Section>
  );
}

function HotGames() {
  const { i18n } = useTranslation();
  const hot = useQuery({ ...hotGamesQuery(i18n.language), select: (list: GameItem[]) => list.slice(0, HOME_HOT_GAMES) });
  // An empty section collapses: a heading over "nothing here" only pushes the rest down.
  if (hot.data?.length === 0) return null;
  return (
    <Section id="home-hot" titleKey="home.hot_games" more="/hot">
      <GamesSection query={hot} />
    </Section>
  );
}

function PopularLottery() {
  const { i18n } = useTranslation();
  const popular = useQuery(popularGamesQuery(i18n.language));
  if (popular.data?.length === 0) return null;
  return (
    <Section id="home-popular" titleKey="home.popular_lottery">
      <GamesSection query={popular} />
    </Section>
  );
}

/**
 * The home page (/index; also /login, /register and /register.html, whose route handle names the popup the
 * accounts feature opens over it): banners, headline, category lobbies, hot games and popular lottery, all
 * from the server. Each section asks for its own data, so an answer re-renders its section only, not the page
 * (long main-thread tasks right after load count against the performance budget, DESIGN §4).
 */
export function Screen() {
  const { i18n } = useTranslation();
  const { info } = useSystemStatus();
  const announcements = useQuery(announcementsQuery(i18n.language));
  // With the page's first paint, or after a navigation; never seconds later over the server's page in use.
  const { key } = useLocation();
  usePopupAnnouncementOnce(isServerPaintedPage(key) ? undefined : announcements.data?.popup[0]);

  const banners = announcements.data?.banners.filter((banner) => banner.url) ?? [];
  const headlines = announcements.data?.headline ?? [];

  return (
    <div className="flex flex-col gap-6 px-3 py-4 sm:px-6">
      {/* While loading, the banner and headline slots are held so the content below does not jump (CLS). */}
      {announcements.isPending ? (
        <>
          <div aria-hidden="true" className="aspect-[3/1] animate-pulse rounded-2xl bg-slate-900" />
          <div aria-hidden="true" className={`${HEADLINE_HEIGHT} animate-pulse rounded-xl bg-slate-900`} />
        </>
      ) : banners.length > 0 ? (
        <BannerCarousel banners={banners} cdns={info.imageCDNs} />
      ) : null}
      {headlines.length > 0 && <HeadlineMarquee headlines={headlines} />}
      {announcements.isError && <SectionError error={announcements.error} onRetry={() => void announcements.refetch()} />}
      <HydratedApart>
        <Hero />
      </HydratedApart>
      <HydratedApart>
        <CategoryLanes />
      </HydratedApart>
      <HydratedApart>
        <HotGames />
      </HydratedApart>
      <HydratedApart>
        <PopularLottery />
      </HydratedApart>
      <WinnersBoardSlot />
    </div>
  );
}
