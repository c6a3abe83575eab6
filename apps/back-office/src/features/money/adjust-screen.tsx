import * as moneyRoutes from '@tessera/contract/routes/back-office-money';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { apiCall } from '../../lib/api';
import { formatMinor, parseMajor } from '../../lib/money';
import { can, useStaffSession } from '../../lib/session';
import { useCall, useInvalidate } from '../../lib/use-call';
import { Field } from '../../ui/field';
import { ErrorNotice, Loading } from '../../ui/states';
import { useMoneySettings } from './queue-parts';

type Kind = 'credit' | 'debit' | 'bonus';

/**
 * A manual balance adjustment (credit or debit) or a bonus grant for one player, found by account name (`?account=`,
 * so a player page links straight here). Each takes a reason; above the threshold it waits for a second staff member.
 */
export function AdjustScreen() {
  const { t } = useTranslation();
  const { me } = useStaffSession();
  const [params, setParams] = useSearchParams();
  const account = params.get('account')?.trim() ?? '';
  const money = useMoneySettings();
  const balance = useCall(moneyRoutes.balanceOf, { account }, account !== '');
  const invalidate = useInvalidate();
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<unknown>(null);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const kinds: Kind[] = [
    ...(can(me, 'balances.adjust') ? (['credit', 'debit'] as const) : []),
    ...(can(me, 'bonuses.grant') ? (['bonus'] as const) : []),
  ];

  const find = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('account') ?? '').trim();
    setNotice(null);
    setError(null);
    setParams(name ? { account: name } : {});
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!money.data || !balance.data) return;
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const kind = String(form.get('kind')) as Kind;
    const amount = parseMajor(String(form.get('amount') ?? ''), money.data.minorDigits);
    setNotice(null);
    setError(null);
    if (amount === null || amount === '0') {
      setAmountError(t('money.amount_invalid', { digits: money.data.minorDigits }));
      return;
    }
    setAmountError(null);
    const reason = String(form.get('reason') ?? '').trim();
    setBusy(true);
    try {
      const body = { requestId, account: balance.data.account, amount, reason };
      const outcome =
        kind === 'bonus'
          ? await apiCall(moneyRoutes.grantBonus, { body })
          : await apiCall(moneyRoutes.adjustBalance, { body: { ...body, direction: kind } });
      setNotice(outcome.outcome === 'done' ? t('money.adjust_done') : t('money.adjust_waits', { id: outcome.approvalId }));
      formElement.reset();
      setRequestId(crypto.randomUUID());
      await invalidate(moneyRoutes.balanceOf, moneyRoutes.openApprovals, moneyRoutes.approvals);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="adjust-title">
      <h1 id="adjust-title">{t('money.adjust_title')}</h1>
      <form className="panel inline-form" onSubmit={find} aria-label={t('money.find_player')}>
        <Field label={t('money.account')} name="account" defaultValue={account} required maxLength={64} autoComplete="off" />
        <button type="submit" className="btn">
          {t('money.find')}
        </button>
      </form>
      {account !== '' &&
        (balance.isPending || money.isPending ? (
          <Loading />
        ) : balance.isError ? (
          <ErrorNotice error={balance.error} onRetry={() => void balance.refetch()} />
        ) : money.isError ? (
          <ErrorNotice error={money.error} onRetry={() => void money.refetch()} />
        ) : (
          <>
            <dl className="panel facts">
              <dt>{t('money.account')}</dt>
              <dd data-testid="adjust-account">{balance.data.account}</dd>
              <dt>{t('money.balance')}</dt>
              <dd data-testid="adjust-balance">{formatMinor(balance.data.balance, money.data)}</dd>
              <dt>{t('money.available')}</dt>
              <dd>{formatMinor(balance.data.available, money.data)}</dd>
            </dl>
            <form className="panel" onSubmit={submit} aria-labelledby="adjust-form-title">
              <h2 id="adjust-form-title">{t('money.adjust_form')}</h2>
              <p className="hint">{t('money.threshold_note', { amount: formatMinor(money.data.thresholdMinor, money.data) })}</p>
              <fieldset className="choices">
                <legend>{t('money.kind')}</legend>
                {kinds.map((kind, index) => (
                  <label key={kind}>
                    <input type="radio" name="kind" value={kind} defaultChecked={index === 0} required />{' '}
                    {t(`money.adjust_kinds.${kind}`)}
                  </label>
                ))}
              </fieldset>
              <Field
                label={t('money.amount_major', { symbol: money.data.symbol })}
                name="amount"
                inputMode="decimal"
                required
                maxLength={20}
                autoComplete="off"
                aria-invalid={amountError !== null}
                hint={amountError ?? undefined}
              />
              <Field label={t('money.reason')} name="reason" required minLength={3} maxLength={500} autoComplete="off" />
              <button type="submit" className="btn btn-primary" disabled={busy || kinds.length === 0}>
                {t('money.submit_adjust')}
              </button>
            </form>
          </>
        ))}
      {error !== null && <ErrorNotice error={error} />}
      {notice && (
        <p className="notice notice-success" role="status">
          {notice}
        </p>
      )}
    </section>
  );
}
