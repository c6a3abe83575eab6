import type { CallRoute } from '@tessera/contract/api/call';
import type { AnswerOf, BodyOf } from '@tessera/contract/api/call-types';
import * as routes from '@tessera/contract/routes/back-office-players';
import { SETTABLE_AGENT_TYPES } from '@tessera/contract/routes/back-office-players';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../lib/api';
import { formatTime } from '../../lib/dates';
import { useInvalidate } from '../../lib/use-call';
import { ErrorNotice } from '../../ui/states';

type PlayerProfile = AnswerOf<typeof routes.player>;

/**
 * What staff with `players.manage` may do to an account. Each button is one audited call; the server refuses what
 * the rules forbid (a self-exclusion before its end, a trial account's type) and the refusal is shown here.
 */
export function PlayerActions({ player }: { player: PlayerProfile }) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const exclusion = player.protection.exclusion;

  const run = async <R extends CallRoute>(route: R, body: BodyOf<R>, doneKey: string, confirmKey?: string) => {
    if (confirmKey && !window.confirm(t(confirmKey, { account: player.account }))) return;
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      await apiCall(route, { body });
      setDone(t(doneKey, { account: player.account }));
      await invalidate(routes.player, routes.playerRows, routes.playerSearch);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const setType = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const agentType = Number(new FormData(event.currentTarget).get('agentType')) as (typeof SETTABLE_AGENT_TYPES)[number];
    void run(routes.playerSetType, { id: player.id, agentType }, 'player.done.type');
  };

  return (
    <section className="panel" aria-labelledby="player-actions-title">
      <h2 id="player-actions-title">{t('player.actions')}</h2>
      <div className="actions">
        {player.status === 'active' ? (
          <button
            type="button"
            className="btn btn-danger"
            disabled={busy}
            onClick={() =>
              void run(routes.playerLock, { id: player.id, locked: true }, 'player.done.locked', 'player.confirm.lock')
            }
          >
            {t('player.lock')}
          </button>
        ) : (
          <button
            type="button"
            className="btn"
            disabled={busy}
            onClick={() => void run(routes.playerLock, { id: player.id, locked: false }, 'player.done.unlocked')}
          >
            {t('player.unlock')}
          </button>
        )}
        <button
          type="button"
          className="btn"
          disabled={busy || !player.hasPassword || player.passwordChangeRequired}
          onClick={() => void run(routes.playerRequirePasswordChange, { id: player.id }, 'player.done.password')}
        >
          {t('player.require_password_change')}
        </button>
        <button
          type="button"
          className="btn"
          disabled={busy}
          onClick={() =>
            void run(routes.playerForgetAddresses, { id: player.id }, 'player.done.addresses', 'player.confirm.addresses')
          }
        >
          {t('player.forget_addresses')}
        </button>
        {player.twoFactorEnabled && (
          <button
            type="button"
            className="btn"
            disabled={busy}
            onClick={() =>
              void run(routes.playerResetTwoFactor, { id: player.id }, 'player.done.two_factor', 'player.confirm.two_factor')
            }
          >
            {t('player.reset_two_factor')}
          </button>
        )}
        {exclusion?.kind === 'timeout' && (
          <button
            type="button"
            className="btn"
            disabled={busy}
            onClick={() => void run(routes.playerLiftTimeOut, { id: player.id }, 'player.done.lifted', 'player.confirm.lift')}
          >
            {t('player.lift_time_out')}
          </button>
        )}
      </div>
      {exclusion?.kind === 'self_exclusion' && (
        <p className="hint">
          {exclusion.until === null
            ? t('player.self_excluded_permanent')
            : t('player.self_excluded_until', { time: formatTime(exclusion.until) })}
        </p>
      )}
      {player.agentType !== 4 && (
        <form className="inline-form" onSubmit={setType} aria-label={t('player.set_type')}>
          <div className="field">
            <label htmlFor="player-type">{t('player.type')}</label>
            <select id="player-type" name="agentType" defaultValue={player.agentType}>
              {SETTABLE_AGENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`players.type.${type}`)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn" disabled={busy}>
            {t('player.set_type')}
          </button>
        </form>
      )}
      {done && (
        <p className="notice notice-success" role="status">
          {done}
        </p>
      )}
      {error !== null && <ErrorNotice error={error} />}
    </section>
  );
}
