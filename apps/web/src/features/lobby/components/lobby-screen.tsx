import { type UseQueryResult, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { GameItem, VendorCard } from '@tessera/contract/api/catalogue';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorMessageKey } from '../../../lib/api-client';
import { throttle } from '../../../lib/throttle';
import { Button, buttonClass } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { Page } from '../../../ui/page';
import { gameListQuery } from '../../catalogue/api/get-game-list';
import { useGameVendors } from '../../catalogue/api/get-game-vendors';
import { hotGamesQuery } from '../../catalogue/api/get-hot-games';
import { GameGrid, GameGridSkeleton, useOpenGame } from '../../catalogue/components/game-card';
import { FavouriteToggle } from '../../favourites/components/favourite-toggle';
import { roomListQuery } from '../api/get-room-list';
import type { LobbyConfig } from '../lobby-config';

const renderFavouriteToggle = (game: GameItem) => <FavouriteToggle game={game} />;

/** Typing waits this long before the search reaches the URL (and the server). */
export const SEARCH_DEBOUNCE_MS = 300;

function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const handleChange = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onSearch(next.trim()), SEARCH_DEBOUNCE_MS);
  };
  return (
    <search className="relative block flex-1">
      <label htmlFor={id} className="sr-only">
        {t('lobby.search_label')}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        maxLength={50}
        onChange={(event) => handleChange(event.target.value)}
        placeholder={t('lobby.search_placeholder')}
        className="h-11 w-full rounded-lg border border-slate-700 bg-slate-900 px-3 text-sm text-slate-100 placeholder:text-slate-400 focus:border-amber-400 focus:outline-none"
      />
    </search>
  );
}

function VendorFilter({
  vendors,
  selected,
  allowAll,
}: {
  vendors: VendorCard[];
  selected: string | undefined;
  allowAll: boolean;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const linkTo = (vendor: string | undefined) => {
    const next = new URLSearchParams(params);
    if (vendor) next.set('vendor', vendor);
    else next.delete('vendor');
    const search = next.toString();
    return search ? `?${search}` : '?';
  };
  const chip = (isActive: boolean) =>
    `inline-flex min-h-9 items-center rounded-full border px-3 text-sm whitespace-nowrap ${isActive ? 'border-amber-400 bg-amber-400/15 text-amber-200' : 'border-slate-700 text-slate-300 hover:border-slate-500'}`;
  return (
    <nav aria-label={t('lobby.vendors_label')}>
      <ul className="flex gap-2 overflow-x-auto pb-1">
        {allowAll && (
          <li>
            <Link to={linkTo(undefined)} replace className={chip(!selected)} aria-current={!selected ? 'true' : undefined}>
              {t('lobby.all_vendors')}
            </Link>
          </li>
        )}
        {vendors.map((vendor) => (
          <li key={vendor.vassalage}>
            <Link
              to={linkTo(vendor.vassalage)}
              replace
              className={chip(selected === vendor.vassalage)}
              aria-current={selected === vendor.vassalage ? 'true' : undefined}
            >
              {vendor.displayName}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-slate-800 px-6 py-10 text-center">
      <p role="alert">{t(errorMessageKey(error))}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('app.boot.retry')}
      </Button>
    </div>
  );
}

/** Loads the next page when the end of the list nears the viewport (checked at most every 200 ms, spec §9). */
function InfiniteScrollSentinel({ onReach, disabled }: { onReach: () => void; disabled: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onReach);
  latest.current = onReach;
  useEffect(() => {
    const element = ref.current;
    if (!element || disabled || typeof IntersectionObserver === 'undefined') return;
    const reach = throttle(() => latest.current());
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && reach(), {
      rootMargin: '0px 0px 30% 0px',
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      reach.cancel();
    };
  }, [disabled]);
  return <div ref={ref} aria-hidden="true" className="h-px" />;
}

function PagedGames({ config, vassalage, search }: { config: LobbyConfig; vassalage?: string; search: string }) {
  const { t, i18n } = useTranslation();
  const openGame = useOpenGame();
  const games = useInfiniteQuery(
    gameListQuery({
      gameType: config.category,
      vassalage,
      classify: config.classify,
      name: search,
      language: i18n.language,
    }),
  );
  if (games.isPending) return <GameGridSkeleton />;
  // A failed later page keeps the games already shown (below); only a failed first page replaces the list.
  if (games.data === undefined) return <LoadError error={games.error} onRetry={() => void games.refetch()} />;
  const list = games.data.pages.flatMap((page) => page.content);
  const total = games.data.pages.at(-1)?.total ?? list.length;
  if (list.length === 0) {
    return <EmptyState title={search ? t('lobby.no_results', { search }) : t('lobby.empty_title')} />;
  }
  const handleMore = () => {
    if (games.hasNextPage && !games.isFetchingNextPage) void games.fetchNextPage();
  };
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-400" aria-live="polite">
        {t('lobby.count', { shown: list.length, total })}
      </p>
      <GameGrid games={list} onOpen={openGame} renderAction={renderFavouriteToggle} />
      {games.hasNextPage && (
        <>
          <InfiniteScrollSentinel onReach={handleMore} disabled={games.isFetchingNextPage} />
          <Button variant="secondary" className="self-center" onClick={handleMore} disabled={games.isFetchingNextPage}>
            {games.isFetchingNextPage ? t('lobby.loading_more') : t('lobby.load_more')}
          </Button>
        </>
      )}
      {games.isFetchNextPageError && <p role="alert">{t(errorMessageKey(games.error))}</p>}
    </div>
  );
}

/** A short list (the hot games, ≤ 60; a vendor's PVP rooms), which its search narrows here. */
function ShortList({ list, search }: { list: UseQueryResult<GameItem[]>; search: string }) {
  const { t, i18n } = useTranslation();
  const openGame = useOpenGame();
  if (list.isPending) return <GameGridSkeleton />;
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  const needle = search.toLocaleLowerCase(i18n.language);
  const games = needle ? list.data.filter((game) => game.gameName.toLocaleLowerCase(i18n.language).includes(needle)) : list.data;
  if (games.length === 0) {
    return <EmptyState title={search ? t('lobby.no_results', { search }) : t('lobby.empty_title')} />;
  }
  return <GameGrid games={games} onOpen={openGame} renderAction={renderFavouriteToggle} />;
}

function HotGames({ vassalage, search }: { vassalage?: string; search: string }) {
  const { i18n } = useTranslation();
  return <ShortList list={useQuery(hotGamesQuery(i18n.language, vassalage))} search={search} />;
}

function PvpRooms({ vassalage, search }: { vassalage?: string; search: string }) {
  const { i18n } = useTranslation();
  return <ShortList list={useQuery(roomListQuery(i18n.language, vassalage))} search={search} />;
}

/** A game lobby (spec 2.1): search and vendor filter in the URL, games paged by infinite scroll, lazy images. */
export function LobbyScreen({ config, header }: { config: LobbyConfig; header?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const lanes = useGameVendors(i18n.language);
  const search = params.get('q') ?? '';
  const handleSearch = (text: string) => {
    const next = new URLSearchParams(params);
    if (text) next.set('q', text);
    else next.delete('q');
    setParams(next, { replace: true });
  };

  const allCards = config.category
    ? (lanes.data?.find((lane) => lane.title === config.category)?.cards ?? [])
    : (lanes.data?.flatMap((lane) => lane.cards) ?? []);
  const vendors = config.vendorFilter ? allCards.filter(config.vendorFilter) : allCards;
  const requested = params.get('vendor') ?? undefined;
  const selected = vendors.some((vendor) => vendor.vassalage === requested)
    ? requested
    : config.vendorFilter
      ? vendors[0]?.vassalage
      : undefined;

  let body: ReactNode;
  if (lanes.isPending) body = <GameGridSkeleton />;
  else if (lanes.isError) body = <LoadError error={lanes.error} onRetry={() => void lanes.refetch()} />;
  else if (vendors.length === 0) {
    body = (
      <EmptyState
        title={t('lobby.empty_title')}
        text={t('lobby.empty_text')}
        action={
          <Link to="/index" className={buttonClass('secondary')}>
            {t('lobby.back_home')}
          </Link>
        }
      />
    );
  } else if (config.source === 'hot') body = <HotGames vassalage={selected} search={search} />;
  else if (config.source === 'rooms') body = <PvpRooms vassalage={selected} search={search} />;
  else body = <PagedGames config={config} vassalage={selected} search={search} />;

  return (
    <Page title={t(config.titleKey)}>
      {vendors.length > 0 && (
        <div className="flex flex-col gap-3">
          <SearchBox value={search} onSearch={handleSearch} />
          {(vendors.length > 1 || !config.vendorFilter) && (
            <VendorFilter vendors={vendors} selected={selected} allowAll={!config.vendorFilter} />
          )}
        </div>
      )}
      {header}
      {body}
    </Page>
  );
}
