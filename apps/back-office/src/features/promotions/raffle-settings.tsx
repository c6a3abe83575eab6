import type { RaffleAdmin, RaffleInput } from '@tessera/contract/api/raffles';
import { GAME_CATEGORIES } from '@tessera/contract/catalogue/categories';
import * as routes from '@tessera/contract/routes/raffles';
import { RAFFLE_PLACES_MAX, RAFFLE_PRIZE_KINDS, type RafflePrizeKind } from '@tessera/contract/routes/raffles';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../lib/api';
import { formatTime } from '../../lib/dates';
import { formatMinor, parseMajor } from '../../lib/money';
import { useCall, useInvalidate } from '../../lib/use-call';
import { DataTable, QueryView } from '../../ui/data-table';
import { AmountField, Field, NumberField, SelectField } from '../../ui/field';
import { DoneNotice, ErrorNotice } from '../../ui/states';
import { localInput, majorText } from './promotion-form';

const MINOR_DIGITS = 2;
const DAY_MS = 86_400_000;

interface PrizeDraft {
  kind: RafflePrizeKind;
  amount: string;
}

/** The raffle's settings as typed, or the names of the fields that need fixing. */
function raffleInputOf(
  promotionId: string,
  form: FormData,
  prizes: PrizeDraft[],
): { input: RaffleInput | null; problems: string[] } {
  const problems: string[] = [];
  const drawTime = new Date(String(form.get('drawTime') ?? '')).getTime();
  if (!Number.isFinite(drawTime)) problems.push('drawTime');
  const ticket = parseMajor(String(form.get('ticketValidBet') ?? '').trim(), MINOR_DIGITS);
  if (ticket === null || ticket === '0') problems.push('ticketValidBet');
  const maxTickets = Number(form.get('maxTickets'));
  if (!Number.isInteger(maxTickets) || maxTickets < 1) problems.push('maxTickets');
  const claimHours = Number(form.get('claimHours'));
  if (!Number.isInteger(claimHours) || claimHours < 1) problems.push('claimHours');
  const categories = GAME_CATEGORIES.filter((category) => form.get(`category_${category}`) === 'on');
  if (categories.length === 0) problems.push('categories');
  const parsed = prizes.map((prize, index) => {
    const minor = parseMajor(prize.amount.trim(), MINOR_DIGITS);
    if (minor === null || minor === '0') problems.push(`prize ${index + 1}`);
    return { kind: prize.kind, amountMinor: minor ?? '0' };
  });
  if (problems.length > 0 || ticket === null) return { input: null, problems };
  return {
    input: { promotionId, drawTime, ticketValidBetMinor: ticket, categories, maxTickets, claimHours, prizes: parsed },
    problems,
  };
}

function Result({ raffle }: { raffle: RaffleAdmin }) {
  const { t } = useTranslation();
  return (
    <>
      <dl>
        <dt>{t('raffle.seed_hash')}</dt>
        <dd className="json" data-testid="bo-raffle-seed-hash">
          {raffle.seedHash ?? '—'}
        </dd>
        <dt>{t('raffle.entrants')}</dt>
        <dd>{raffle.entrants}</dd>
        <dt>{t('raffle.tickets')}</dt>
        <dd>{raffle.ticketsTotal}</dd>
        <dt>{t('raffle.drawn_at')}</dt>
        <dd data-testid="bo-raffle-drawn">{raffle.drawnAt === null ? t('raffle.not_drawn') : formatTime(raffle.drawnAt)}</dd>
      </dl>
      {raffle.winners.length > 0 && (
        <DataTable
          caption={t('raffle.winners')}
          busy={false}
          head={
            <>
              <th scope="col">{t('raffle.place')}</th>
              <th scope="col">{t('raffle.account')}</th>
              <th scope="col">{t('raffle.ticket')}</th>
              <th scope="col">{t('raffle.prize')}</th>
              <th scope="col">{t('raffle.state')}</th>
            </>
          }
        >
          {raffle.winners.map((winner) => (
            <tr key={winner.place}>
              <td>{winner.place}</td>
              <th scope="row">{winner.account}</th>
              <td>{winner.ticket}</td>
              <td>
                {formatMinor(winner.amountMinor)} {t(`raffle.kind.${winner.kind}`)}
              </td>
              <td>{t(`raffle.prize_state.${winner.state}`)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}

function RaffleForm({ raffle, promotionId }: { raffle: RaffleAdmin; promotionId: string }) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const settings = raffle.settings;
  const [prizes, setPrizes] = useState<PrizeDraft[]>(
    settings?.prizes.map((prize) => ({ kind: prize.kind, amount: majorText(prize.amountMinor) })) ?? [
      { kind: 'cash', amount: '' },
    ],
  );
  const [problems, setProblems] = useState<string[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState('');
  const [isBusy, setBusy] = useState(false);
  const drawn = raffle.drawnAt !== null;

  const run = async (action: () => Promise<unknown>, message: string) => {
    setError(null);
    setDone('');
    setBusy(true);
    try {
      await action();
      await invalidate(routes.raffleSettings);
      setDone(message);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { input, problems: found } = raffleInputOf(promotionId, new FormData(event.currentTarget), prizes);
    setProblems(found);
    if (input) void run(() => apiCall(routes.raffleSave, { body: input }), t('raffle.saved'));
  };
  const drawNow = () => {
    if (!window.confirm(t('raffle.confirm_draw'))) return;
    void run(() => apiCall(routes.raffleDrawNow, { body: { promotionId } }), t('raffle.drawn'));
  };
  const setPrize = (index: number, change: Partial<PrizeDraft>) =>
    setPrizes((list) => list.map((prize, i) => (i === index ? { ...prize, ...change } : prize)));

  return (
    <form className="panel" onSubmit={submit} aria-labelledby="raffle-form-title" data-testid="bo-raffle">
      <h2 id="raffle-form-title">{t('raffle.title')}</h2>
      <p className="hint">{t('raffle.hint')}</p>
      {error !== null && <ErrorNotice error={error} />}
      {problems.length > 0 && <p role="alert">{t('raffle.invalid', { fields: problems.join(', ') })}</p>}
      <DoneNotice>{done}</DoneNotice>
      <fieldset disabled={drawn || isBusy}>
        <Field
          label={t('raffle.draw_time')}
          name="drawTime"
          type="datetime-local"
          required
          defaultValue={localInput(settings?.drawTime ?? Date.now() + DAY_MS)}
        />
        <AmountField
          label={t('raffle.ticket_valid_bet')}
          name="ticketValidBet"
          required
          defaultValue={settings ? majorText(settings.ticketValidBetMinor) : ''}
        />
        <fieldset>
          <legend>{t('raffle.categories')}</legend>
          {GAME_CATEGORIES.map((category) => (
            <label key={category} className="field-switch">
              <input
                type="checkbox"
                name={`category_${category}`}
                defaultChecked={settings ? settings.categories.includes(category) : category === 'RNG'}
              />{' '}
              {category}
            </label>
          ))}
        </fieldset>
        <NumberField
          label={t('raffle.max_tickets')}
          name="maxTickets"
          min={1}
          required
          defaultValue={settings?.maxTickets ?? 10}
        />
        <NumberField
          label={t('raffle.claim_hours')}
          name="claimHours"
          min={1}
          required
          defaultValue={settings?.claimHours ?? 72}
        />
        <fieldset>
          <legend>{t('raffle.prizes')}</legend>
          {prizes.map((prize, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a prize's place is its position in the list
            <div key={index} className="inline-form">
              <SelectField
                label={t('raffle.prize_kind', { place: index + 1 })}
                value={prize.kind}
                onChange={(event) => setPrize(index, { kind: event.currentTarget.value as RafflePrizeKind })}
                options={RAFFLE_PRIZE_KINDS.map((kind) => ({ value: kind, label: t(`raffle.kind.${kind}`) }))}
              />
              <AmountField
                label={t('raffle.prize_amount', { place: index + 1 })}
                value={prize.amount}
                onChange={(event) => setPrize(index, { amount: event.currentTarget.value })}
              />
            </div>
          ))}
          <div className="actions">
            {prizes.length < RAFFLE_PLACES_MAX && (
              <button type="button" className="btn" onClick={() => setPrizes((list) => [...list, { kind: 'cash', amount: '' }])}>
                {t('raffle.add_prize')}
              </button>
            )}
            {prizes.length > 1 && (
              <button type="button" className="btn" onClick={() => setPrizes((list) => list.slice(0, -1))}>
                {t('raffle.remove_prize')}
              </button>
            )}
          </div>
        </fieldset>
        <div className="actions">
          <button type="submit" className="btn btn-primary">
            {t('raffle.save')}
          </button>
          {settings && (
            <button type="button" className="btn" onClick={drawNow}>
              {t('raffle.draw_now')}
            </button>
          )}
        </div>
      </fieldset>
      <Result raffle={raffle} />
    </form>
  );
}

/** A raffle promotion's ticket rule, prizes and draw time; its entrants, the seed's commitment, drawing it now, the winners. */
export function RaffleSettings({ promotionId }: { promotionId: string }) {
  const { t } = useTranslation();
  const raffle = useCall(routes.raffleSettings, { promotionId });
  return (
    <QueryView query={raffle} isEmpty={() => false} empty={t('raffle.title')}>
      {(data) => <RaffleForm key={`${promotionId}-${data.settings === null}`} raffle={data} promotionId={promotionId} />}
    </QueryView>
  );
}
