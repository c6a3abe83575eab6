import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { LaunchGameValue } from '@tessera/contract/api/games';
import type { ParseKeys } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessageKey } from '../../lib/api-client';
import { launchAddress } from '../../lib/cdn';
import { useModals } from '../../lib/modal-store';
import { useSession } from '../../lib/session';
import { useSystemStatus } from '../../lib/system-status';
import { Button, buttonClass } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Page } from '../../ui/page';
import { Spinner } from '../../ui/spinner';
import { GameGrid, useOpenGame } from '../catalogue/components/game-card';
import { launchQuery } from './api/launch-game';

type Maintenance = Extract<LaunchGameValue, { maintenance: unknown }>['maintenance'];

function BackLink() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Back to the lobby the game came from; a game opened from a shared link has no history here.
  const handleBack = () => (window.history.length > 1 ? void navigate(-1) : void navigate('/index'));
  return (
    <Button variant="secondary" onClick={handleBack} className="min-h-9 px-3 text-sm">
      <span aria-hidden="true">←</span> {t('game.back')}
    </Button>
  );
}

/** The game's page, its address put on a launch CDN picked once for this launch. */
function GameFrame({ url, title }: { url: string; title: string }) {
  const { launchGameCDNs } = useSystemStatus().info;
  const [src] = useState(() => launchAddress(url, launchGameCDNs));
  return (
    <div className="flex h-[calc(100dvh-3.5rem)] flex-col">
      <div className="flex h-12 shrink-0 items-center gap-3 border-b border-slate-800 px-3">
        <BackLink />
        <p className="min-w-0 truncate text-sm font-semibold text-slate-200">{title}</p>
      </div>
      <iframe
        src={src}
        title={title}
        data-testid="game-frame"
        className="min-h-0 w-full flex-1 border-0 bg-black"
        allow="fullscreen; autoplay"
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  );
}

function MaintenanceNotice({ maintenance }: { maintenance: Maintenance }) {
  const { t } = useTranslation();
  const openGame = useOpenGame();
  return (
    <Page title={t('game.maintenance_title')}>
      <p role="alert" className="rounded-xl border border-amber-400/40 bg-amber-400/10 px-4 py-3 text-amber-100">
        {t(maintenance.messageKey as ParseKeys)}
      </p>
      {maintenance.recommended.length > 0 && (
        <section aria-labelledby="game-recommended" className="flex flex-col gap-3">
          <h2 id="game-recommended" className="font-semibold text-slate-100">
            {t('game.recommended')}
          </h2>
          <GameGrid games={maintenance.recommended} onOpen={openGame} />
        </section>
      )}
      <div>
        <BackLink />
      </div>
    </Page>
  );
}

/** A visitor opened a game address: the login popup comes first (spec §4 "login check"). */
export function LoginNeeded({ title }: { title?: string }) {
  const { t } = useTranslation();
  const openModal = useModals((state) => state.open);
  return (
    <Page title={title ?? t('routes.game')}>
      <EmptyState
        title={t('game.login_needed')}
        action={<Button onClick={() => openModal('login', {})}>{t('game.login')}</Button>}
      />
    </Page>
  );
}

/** The states of a launch: pending, failed (with retry), under maintenance (with other games), or the frame. */
export function LaunchOutcome({ launch, title }: { launch: UseQueryResult<LaunchGameValue>; title: string }) {
  const { t } = useTranslation();
  if (launch.isPending) {
    return (
      <div role="status" className="grid min-h-[60dvh] place-items-center">
        <Spinner />
        <span className="sr-only">{t('game.launching')}</span>
      </div>
    );
  }
  if (launch.isError) {
    return (
      <Page title={t('routes.game')}>
        <div role="alert" className="flex flex-col items-start gap-3">
          <p className="text-rose-200">{t(errorMessageKey(launch.error))}</p>
          <div className="flex gap-2">
            <Button onClick={() => void launch.refetch()}>{t('app.boot.retry')}</Button>
            <BackLink />
          </div>
        </div>
      </Page>
    );
  }
  if ('maintenance' in launch.data) return <MaintenanceNotice maintenance={launch.data.maintenance} />;
  const url = launch.data.content.game_url || launch.data.content.game_url2 || '';
  return <GameFrame key={url} url={url} title={title} />;
}

/**
 * /game (spec 2.1, §4 game launch): launches the game named in the URL (`gameId`, `vassalage`, `nodeId`, set by
 * the lobby) and embeds its game_url full height under the header, with a back control; the header keeps the
 * live balance. A game under maintenance shows the spec's message and other games of its category.
 */
export function Screen() {
  const { t, i18n } = useTranslation();
  const token = useSession((state) => state.token);
  const [params] = useSearchParams();
  const gameId = params.get('gameId');
  const vassalage = params.get('vassalage');
  const game = { gameId: gameId ?? '', vassalage: vassalage ?? '', nodeId: params.get('nodeId') ?? undefined };
  const launch = useQuery({ ...launchQuery(token, i18n.language, game), enabled: token !== null && !!gameId && !!vassalage });
  const title = params.get('name') ?? t('game.frame_title');

  if (!gameId || !vassalage) {
    return (
      <Page title={t('routes.game')}>
        <EmptyState
          title={t('game.none')}
          action={
            <Link to="/index" className={buttonClass('secondary')}>
              {t('lobby.back_home')}
            </Link>
          }
        />
      </Page>
    );
  }
  if (token === null) return <LoginNeeded />;
  return <LaunchOutcome launch={launch} title={title} />;
}
