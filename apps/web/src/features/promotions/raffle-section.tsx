import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Raffle } from '@tessera/contract/api/raffles';
import { formatInteger, localDigits } from '@tessera/contract/money-format';
import { drawRaffle } from '@tessera/house-engine/raffle/draw';
import { verifyServerSeed } from '@tessera/house-engine/rng/fair';
import type { ParseKeys } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { passesGate } from '../../lib/gated-action';
import { claimRafflePrize } from '../../lib/raffles';
import { useSession } from '../../lib/session';
import { useMoney } from '../../lib/use-money';
import { Button } from '../../ui/button';
import { raffleQuery, raffleTickets } from './api/raffles';

const SECOND_MS = 1000;
/** The game categories a raffle usually counts, by name; any other shows its code. */
const CATEGORY_KEYS: Record<string, ParseKeys> = {
  RNG: 'raffle.category.slots',
  LOTT: 'raffle.category.lottery',
  ELOTT: 'raffle.category.lottery',
  LIVE: 'raffle.category.live',
  SPORTS: 'raffle.category.sports',
};

/** The time to the draw by the server's clock, ticking every second: days, hours, minutes, seconds. */
function useCountdown(raffle: Raffle) {
  const [offset] = useState(() => raffle.serverTime - Date.now());
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() + offset), SECOND_MS);
    return () => clearInterval(timer);
  }, [offset]);
  const left = Math.max(0, Math.floor((raffle.drawTime - now) / SECOND_MS));
  return {
    done: left === 0,
    days: Math.floor(left / 86_400),
    hours: Math.floor(left / 3600) % 24,
    minutes: Math.floor(left / 60) % 60,
    seconds: left % 60,
  };
}

function Countdown({ raffle }: { raffle: Raffle }) {
  const { t, i18n } = useTranslation();
  const left = useCountdown(raffle);
  const two = (n: number) => localDigits(String(n).padStart(2, '0'), i18n.language);
  return (
    <div className="flex flex-col gap-1" data-testid="raffle-countdown">
      <p className="text-sm text-slate-400">{t('raffle.draw_at', { at: formatDateTime(raffle.drawTime) })}</p>
      <p className="font-mono text-2xl text-amber-200" aria-live="off">
        {left.done
          ? t('raffle.drawing')
          : t('raffle.countdown', {
              days: formatInteger(left.days, i18n.language),
              hours: two(left.hours),
              minutes: two(left.minutes),
              seconds: two(left.seconds),
            })}
      </p>
    </div>
  );
}

/** The winner's claim button, or where their prize stands. */
function MyPrize({ raffle }: { raffle: Raffle }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const client = useQueryClient();
  const [error, setError] = useState<ParseKeys | null>(null);
  const claim = useMutation({
    mutationFn: () => claimRafflePrize(raffle.promotionId),
    onSuccess: () => {
      setError(null);
      void client.invalidateQueries({ queryKey: ['promotions'] });
      void client.invalidateQueries({ queryKey: ['wallet', 'balance'] });
    },
    onError: (failure) => setError(errorMessageKey(failure)),
  });
  const prize = raffle.myPrize;
  if (raffle.drawnAt === null || raffle.myTickets === null) return null;
  if (!prize) return <p className="text-sm text-slate-300">{t('raffle.not_won')}</p>;
  const amount = money.format(prize.amountMinor);
  return (
    <div
      className="flex flex-col items-start gap-2 rounded-xl border border-amber-400/40 bg-amber-950/30 p-4"
      data-testid="raffle-my-prize"
    >
      <p className="font-semibold text-amber-100">
        {t(prize.kind === 'cash' ? 'raffle.won_cash' : 'raffle.won_bonus', {
          place: formatInteger(prize.place, i18n.language),
          amount,
        })}
      </p>
      {prize.state === 'won' && (
        <>
          <p className="text-sm text-slate-300">{t('raffle.claim_before', { at: formatDateTime(prize.claimDeadline) })}</p>
          <Button onClick={() => passesGate() && claim.mutate()} disabled={claim.isPending} data-testid="raffle-claim">
            {t('raffle.claim', { amount })}
          </Button>
        </>
      )}
      {prize.state === 'claimed' && (
        <p className="text-sm text-emerald-200" data-testid="raffle-claimed">
          {t(prize.kind === 'cash' ? 'raffle.claimed_cash' : 'raffle.claimed_bonus')}
        </p>
      )}
      {prize.state === 'expired' && <p className="text-sm text-slate-300">{t('raffle.expired')}</p>}
      {error && (
        <p role="alert" className="text-sm text-rose-200">
          {t(error)}
        </p>
      )}
    </div>
  );
}

/** Recomputes the winners in the browser from the revealed seed and the ticket list the draw used. */
function Verify({ raffle }: { raffle: Raffle }) {
  const { t } = useTranslation();
  const check = useMutation({
    mutationFn: async () => {
      const { list } = await raffleTickets(raffle.promotionId);
      if (raffle.serverSeed === null || !verifyServerSeed(raffle.serverSeed, raffle.seedHash)) return false;
      const winners = drawRaffle(
        { serverSeed: raffle.serverSeed, clientSeed: raffle.clientSeed, nonce: 0 },
        list,
        raffle.prizes.length,
      );
      return (
        winners.length === raffle.winners.length &&
        winners.every((winner, index) => winner.ticket === raffle.winners[index]?.ticket)
      );
    },
  });
  return (
    <div className="flex flex-col items-start gap-2">
      <Button variant="secondary" onClick={() => check.mutate()} disabled={check.isPending} data-testid="raffle-verify">
        {t('raffle.verify')}
      </Button>
      {check.data !== undefined && (
        <p
          role="status"
          className={check.data ? 'text-sm text-emerald-200' : 'text-sm text-rose-200'}
          data-testid="raffle-verified"
        >
          {t(check.data ? 'raffle.verified' : 'raffle.not_verified')}
        </p>
      )}
      {check.isError && (
        <p role="alert" className="text-sm text-rose-200">
          {t(errorMessageKey(check.error))}
        </p>
      )}
    </div>
  );
}

/**
 * A raffle promotion's own part of its detail: the ticket rule and prizes, the member's tickets, the draw time with a
 * countdown and the seed's commitment; after the draw the winners (masked), the revealed seed to verify, and the
 * winner's claim.
 */
export function RaffleSection({ promotionId }: { promotionId: string }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const token = useSession((state) => state.token);
  const raffle = useQuery(raffleQuery(token, promotionId));
  if (raffle.isPending)
    return (
      <div role="status" className="h-40 animate-pulse rounded-2xl bg-slate-900">
        <span className="sr-only">{t('app.screen_loading')}</span>
      </div>
    );
  if (raffle.isError)
    return (
      <div className="flex flex-col items-start gap-2">
        <p role="alert">{t(errorMessageKey(raffle.error))}</p>
        <Button onClick={() => void raffle.refetch()}>{t('app.boot.retry')}</Button>
      </div>
    );
  const data = raffle.data;
  const n = (value: number) => formatInteger(value, i18n.language);
  return (
    <section className="flex flex-col gap-4 rounded-2xl border border-slate-700 bg-slate-900/60 p-4" data-testid="raffle">
      <h2 className="text-lg font-semibold text-slate-100">{t('raffle.title')}</h2>
      <p className="text-sm text-slate-300">
        {t('raffle.rule', {
          amount: money.format(data.ticketValidBetMinor),
          categories: data.categories
            .map((category) => (category in CATEGORY_KEYS ? t(CATEGORY_KEYS[category] as ParseKeys) : category))
            .join(', '),
          max: n(data.maxTickets),
        })}
      </p>
      <div>
        <h3 className="text-sm font-semibold text-slate-200">{t('raffle.prizes')}</h3>
        <ol className="mt-1 flex flex-col gap-1 text-sm text-slate-300">
          {data.prizes.map((prize, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a prize's place is its position in the list
            <li key={index}>
              {t(prize.kind === 'cash' ? 'raffle.prize_cash' : 'raffle.prize_bonus', {
                place: n(index + 1),
                amount: money.format(prize.amountMinor),
              })}
            </li>
          ))}
        </ol>
      </div>
      {data.myTickets === null ? (
        <p className="text-sm text-slate-400">{t('raffle.log_in')}</p>
      ) : (
        <p className="text-base text-slate-100" data-testid="raffle-my-tickets">
          {t('raffle.my_tickets', { tickets: n(data.myTickets), bets: money.format(data.myValidBetMinor ?? '0') })}
          {data.myFirstTicket !== null &&
            ` ${t('raffle.my_numbers', { from: n(data.myFirstTicket), to: n(data.myFirstTicket + data.myTickets - 1) })}`}
        </p>
      )}
      {data.drawnAt === null && <Countdown raffle={data} />}
      <MyPrize raffle={data} />
      {data.drawnAt !== null && (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-slate-200">
            {t('raffle.winners', { at: formatDateTime(data.drawnAt), tickets: n(data.ticketsTotal ?? 0) })}
          </h3>
          {data.winners.length === 0 ? (
            <p className="text-sm text-slate-400">{t('raffle.no_winners')}</p>
          ) : (
            <table className="w-full text-left text-sm" data-testid="raffle-winners">
              <thead className="text-slate-400">
                <tr>
                  <th scope="col">{t('raffle.place')}</th>
                  <th scope="col">{t('raffle.account')}</th>
                  <th scope="col">{t('raffle.ticket')}</th>
                  <th scope="col">{t('raffle.prize')}</th>
                </tr>
              </thead>
              <tbody className="text-slate-200">
                {data.winners.map((winner) => (
                  <tr key={winner.place}>
                    <td>{n(winner.place)}</td>
                    <td>{winner.account}</td>
                    <td>{n(winner.ticket)}</td>
                    <td>{money.format(winner.amountMinor)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
      <dl className="flex flex-col gap-1 text-xs text-slate-400">
        <dt>{t('raffle.seed_hash')}</dt>
        <dd className="break-all font-mono text-slate-300" data-testid="raffle-seed-hash">
          {data.seedHash}
        </dd>
        {data.serverSeed !== null && (
          <>
            <dt>{t('raffle.server_seed')}</dt>
            <dd className="break-all font-mono text-slate-300" data-testid="raffle-server-seed">
              {data.serverSeed}
            </dd>
            <dt>{t('raffle.client_seed')}</dt>
            <dd className="break-all font-mono text-slate-300">{data.clientSeed}</dd>
          </>
        )}
      </dl>
      <p className="text-xs text-slate-400">{t(data.serverSeed === null ? 'raffle.fair_before' : 'raffle.fair_after')}</p>
      {data.serverSeed !== null && <Verify raffle={data} />}
    </section>
  );
}
