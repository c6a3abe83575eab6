import type { AnswerOf } from '@tessera/contract/api/call-types';
import { formatMinor } from '@tessera/contract/money-format';
import * as routes from '@tessera/contract/routes/back-office-players';
import { NOTE_MAX_LENGTH } from '@tessera/contract/routes/back-office-players';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { apiCall } from '../../lib/api';
import { formatTime } from '../../lib/dates';
import { can, useStaffSession } from '../../lib/session';
import { useCall, useInvalidate } from '../../lib/use-call';
import { Field } from '../../ui/field';
import { ErrorNotice, Loading } from '../../ui/states';
import { PlayerActions } from './player-actions';
import { PlayerRows } from './player-rows';
import { StatusBadge } from './players-screen';

type PlayerProfile = AnswerOf<typeof routes.player>;

const MINOR_DIGITS = 2;
const money = (minor: string) => formatMinor(minor, MINOR_DIGITS);

/** One player: profile, balances, payout accounts, responsible gaming, actions, notes and history tables. */
export function PlayerScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { me } = useStaffSession();
  const valid = /^[1-9][0-9]{0,18}$/.test(id);
  const player = useCall(routes.player, valid ? { id } : undefined);
  if (!valid) return <ErrorNotice error={{ messageKey: 'errors.player_unknown' }} />;
  if (player.isPending) return <Loading />;
  if (player.isError) return <ErrorNotice error={player.error} onRetry={() => void player.refetch()} />;
  const p = player.data;

  return (
    <section aria-labelledby="player-title">
      <p>
        <Link to="/players">{t('player.back')}</Link>
      </p>
      <h1 id="player-title">
        {p.account} <StatusBadge status={p.status} />
      </h1>
      <div className="player-grid">
        <Profile player={p} />
        <section className="panel" aria-labelledby="player-balances-title">
          <h2 id="player-balances-title">{t('player.balances')}</h2>
          {p.balances.length === 0 ? (
            <p className="state">{t('player.no_balances')}</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('player.wallet')}</th>
                  <th scope="col">{t('player.balance')}</th>
                  <th scope="col">{t('player.held')}</th>
                </tr>
              </thead>
              <tbody>
                {p.balances.map((b) => (
                  <tr key={`${b.kind}:${b.ref}`}>
                    <td>{t(`player.wallet_kind.${b.kind}`, { defaultValue: b.kind }) + (b.ref ? ` · ${b.ref}` : '')}</td>
                    <td>{money(b.balanceMinor)}</td>
                    <td>{money(b.heldMinor)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {can(me, 'balances.adjust') && (
            <Link className="btn" to={`/adjust?account=${encodeURIComponent(p.account)}`}>
              {t('player.adjust_balance')}
            </Link>
          )}
        </section>
        <Protection player={p} />
        <section className="panel" aria-labelledby="player-payout-title">
          <h2 id="player-payout-title">{t('player.payout_accounts')}</h2>
          {p.payoutAccounts.length === 0 ? (
            <p className="state">{t('player.no_payout_accounts')}</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('player.provider')}</th>
                  <th scope="col">{t('player.holder')}</th>
                  <th scope="col">{t('player.number')}</th>
                  <th scope="col">{t('player.bound')}</th>
                </tr>
              </thead>
              <tbody>
                {p.payoutAccounts.map((a) => (
                  <tr key={`${a.provider}:${a.createdAt}`}>
                    <td>
                      {a.provider} <span className="muted">({a.type})</span>
                    </td>
                    <td>{a.holderName}</td>
                    <td data-testid="payout-number">{a.accountNumber}</td>
                    <td>
                      {formatTime(a.createdAt)}
                      {a.removedAt !== null && <span className="muted"> · {t('player.removed')}</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>
      {can(me, 'players.manage') && <PlayerActions player={p} />}
      {can(me, 'players.manage') && <AddNote id={p.id} />}
      <PlayerRows id={p.id} account={p.account} />
    </section>
  );
}

function Profile({ player: p }: { player: PlayerProfile }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    ['player.id', p.id],
    ['player.merchant', p.merchantCode],
    ['player.type', t(`players.type.${p.agentType}`, { defaultValue: String(p.agentType) })],
    ['player.nickname', p.nickname ?? '–'],
    ['player.mobile', p.mobile ? `${p.mobile}${p.mobileVerified ? ` (${t('player.verified')})` : ''}` : '–'],
    ['player.email', p.email ? `${p.email}${p.emailVerified ? ` (${t('player.verified')})` : ''}` : '–'],
    ['player.language', p.language ?? '–'],
    ['player.created', formatTime(p.createdAt)],
    ['player.last_login', p.lastLoginAt === null ? '–' : `${formatTime(p.lastLoginAt)} · ${p.lastLoginIp ?? '–'}`],
    [
      'player.password',
      !p.hasPassword
        ? t('player.no_password')
        : `${p.passwordChangedAt === null ? '–' : formatTime(p.passwordChangedAt)}${p.passwordChangeRequired ? ` · ${t('player.change_required')}` : ''}`,
    ],
    ['player.known_addresses', String(p.knownAddresses)],
    ['player.two_factor', t(p.twoFactorEnabled ? 'player.two_factor_on' : 'player.two_factor_off')],
    ['player.registered_from', p.registration.ip ?? '–'],
  ];
  return (
    <section className="panel" aria-labelledby="player-profile-title">
      <h2 id="player-profile-title">{t('player.profile')}</h2>
      <dl className="facts">
        {rows.map(([key, value]) => (
          <div key={key}>
            <dt>{t(key)}</dt>
            <dd data-testid={key}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Protection({ player: p }: { player: PlayerProfile }) {
  const { t } = useTranslation();
  const { exclusion, limits } = p.protection;
  return (
    <section className="panel" aria-labelledby="player-rg-title">
      <h2 id="player-rg-title">{t('player.responsible_gaming')}</h2>
      <p data-testid="player-exclusion">
        {exclusion === null
          ? t('player.no_exclusion')
          : t(`player.exclusion.${exclusion.kind}`, {
              duration: exclusion.duration,
              until: exclusion.until === null ? t('player.until_lifted') : formatTime(exclusion.until),
            })}
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('player.limit_period')}</th>
            <th scope="col">{t('player.limit')}</th>
            <th scope="col">{t('player.used')}</th>
          </tr>
        </thead>
        <tbody>
          {limits.map((limit) => (
            <tr key={limit.period}>
              <td>{t(`player.period.${limit.period}`)}</td>
              <td>
                {limit.limitMinor === null ? t('player.no_limit') : money(limit.limitMinor)}
                {limit.pending && (
                  <span className="muted">
                    {' '}
                    ·{' '}
                    {t('player.limit_pending', {
                      limit: limit.pending.limitMinor === null ? t('player.no_limit') : money(limit.pending.limitMinor),
                      time: formatTime(limit.pending.effectiveAt),
                    })}
                  </span>
                )}
              </td>
              <td>{money(limit.usedMinor)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function AddNote({ id }: { id: string }) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const text = String(new FormData(formElement).get('text') ?? '').trim();
    if (!text) return;
    setBusy(true);
    setError(null);
    try {
      await apiCall(routes.playerAddNote, { body: { id, text } });
      formElement.reset();
      await invalidate(routes.playerRows);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="panel inline-form" onSubmit={(event) => void add(event)} aria-labelledby="player-note-title">
      <h2 id="player-note-title">{t('player.add_note')}</h2>
      <Field label={t('player.note')} hint={t('player.note_hint')} name="text" maxLength={NOTE_MAX_LENGTH} required />
      <button type="submit" className="btn" disabled={busy}>
        {t('player.save_note')}
      </button>
      {error !== null && <ErrorNotice error={error} />}
    </form>
  );
}
