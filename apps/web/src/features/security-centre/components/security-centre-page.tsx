import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayoutAccount, PayoutAccountType } from '@tessera/contract/api/security-centre';
import { PAYOUT_ACCOUNT_LIMITS } from '@tessera/contract/payout-account-limits';
import type { ParseKeys } from 'i18next';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { useModals } from '../../../lib/modal-store';
import { Button } from '../../../ui/button';
import { FormField, inputClass } from '../../../ui/form-field';
import { Spinner } from '../../../ui/spinner';
import { bindPayoutAccount, savePaymentPassword, securityOverviewQuery, unbindPayoutAccount } from '../api/security-calls';
import { splitErrors } from './field-errors';

const sectionClass = 'flex flex-col gap-3 rounded-xl border border-slate-700 bg-slate-900/60 p-4';
const headingClass = 'text-base font-semibold text-slate-100';

function Summary() {
  const { t } = useTranslation();
  const open = useModals((state) => state.open);
  const { data } = useQuery(securityOverviewQuery());
  if (!data) return null;
  const rows: [ParseKeys, string][] = [
    ['security.summary.account', data.account],
    ['security.summary.nickname', data.nickname ?? '—'],
    ['security.summary.mobile', data.mobileMasked ?? '—'],
    ['security.summary.email', data.emailMasked ?? '—'],
    ['security.summary.registered', formatDateTime(data.registeredAt)],
    ['security.summary.last_login', data.lastLoginAt ? `${formatDateTime(data.lastLoginAt)} (${data.lastLoginIp ?? '—'})` : '—'],
  ];
  return (
    <section className={sectionClass} aria-labelledby="security-summary">
      <h3 id="security-summary" className={headingClass}>
        {t('security.summary.title')}
      </h3>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-wrap justify-between gap-2 border-b border-slate-800 pb-1">
            <dt className="text-slate-400">{t(label)}</dt>
            <dd className="font-medium break-all text-slate-100">{value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <Button variant="secondary" onClick={() => open('changePassword', {})}>
          {t('security.change_login_password')}
        </Button>
      </div>
    </section>
  );
}

function PaymentPasswordForm({ isSet }: { isSet: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [values, setValues] = useState({ loginPassword: '', oldPassword: '', newPassword: '', confirmPassword: '' });
  const [isDone, setDone] = useState(false);
  const save = useMutation({
    mutationFn: () =>
      savePaymentPassword({
        ...(isSet ? { oldPassword: values.oldPassword } : { loginPassword: values.loginPassword }),
        newPassword: values.newPassword,
        confirmPassword: values.confirmPassword,
      }),
    onSuccess: () => {
      setValues({ loginPassword: '', oldPassword: '', newPassword: '', confirmPassword: '' });
      setDone(true);
      void client.invalidateQueries({ queryKey: ['security'] });
      void client.invalidateQueries({ queryKey: ['withdrawal', 'info'] });
    },
  });
  const errors = splitErrors(save.error);
  const fieldError = (name: string) => {
    const found = errors.fields[name];
    return found ? t(found.key, found.params) : undefined;
  };
  const input = (name: keyof typeof values, label: ParseKeys, autoComplete: string) => (
    <FormField label={t(label)} error={fieldError(name)}>
      <input
        type="password"
        inputMode={name === 'loginPassword' ? undefined : 'numeric'}
        autoComplete={autoComplete}
        className={inputClass}
        value={values[name]}
        onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      />
    </FormField>
  );
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    save.mutate();
  };
  return (
    <section className={sectionClass} aria-labelledby="payment-password">
      <h3 id="payment-password" className={headingClass}>
        {t(isSet ? 'security.payment_password.change_title' : 'security.payment_password.set_title')}
      </h3>
      <p className="text-sm text-slate-400">
        {t(isSet ? 'security.payment_password.is_set' : 'security.payment_password.not_set')}
      </p>
      <form noValidate onSubmit={handleSubmit} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {isSet
          ? input('oldPassword', 'security.payment_password.old', 'off')
          : input('loginPassword', 'security.payment_password.login_password', 'current-password')}
        {input('newPassword', 'security.payment_password.new', 'new-password')}
        {input('confirmPassword', 'security.payment_password.confirm', 'new-password')}
        <div className="flex items-end">
          <Button type="submit" disabled={save.isPending}>
            {t('security.payment_password.save')}
          </Button>
        </div>
      </form>
      <p role="status" className="text-sm">
        {isDone && <span className="text-emerald-300">{t('security.payment_password.saved')}</span>}
        {errors.form && <span className="text-rose-300">{t(errors.form)}</span>}
      </p>
    </section>
  );
}

function BindForm({ accounts }: { accounts: PayoutAccount[] }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const empty = { type: 'bank' as PayoutAccountType, provider: '', holderName: '', accountNumber: '' };
  const [values, setValues] = useState(empty);
  const bind = useMutation({
    mutationFn: () => bindPayoutAccount({ ...values, accountNumber: values.accountNumber.replace(/[\s-]/g, '') }),
    onSuccess: () => {
      setValues(empty);
      void client.invalidateQueries({ queryKey: ['security'] });
      void client.invalidateQueries({ queryKey: ['withdrawal', 'info'] });
    },
  });
  const errors = splitErrors(bind.error);
  const fieldError = (name: string) => {
    const found = errors.fields[name];
    return found ? t(found.key, found.params) : undefined;
  };
  const isFull = accounts.filter((account) => account.type === values.type).length >= PAYOUT_ACCOUNT_LIMITS[values.type];
  return (
    <form
      noValidate
      aria-label={t('security.accounts.bind_title')}
      className="grid grid-cols-1 gap-3 sm:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        bind.mutate();
      }}
    >
      <FormField label={t('security.accounts.type')}>
        <select
          className={inputClass}
          value={values.type}
          onChange={(e) => setValues({ ...values, type: e.target.value as PayoutAccountType })}
        >
          <option value="bank">{t('security.accounts.type_bank')}</option>
          <option value="ewallet">{t('security.accounts.type_ewallet')}</option>
        </select>
      </FormField>
      <FormField
        label={t(values.type === 'bank' ? 'security.accounts.bank_name' : 'security.accounts.provider')}
        error={fieldError('provider')}
      >
        <input
          className={inputClass}
          value={values.provider}
          onChange={(e) => setValues({ ...values, provider: e.target.value })}
        />
      </FormField>
      <FormField
        label={t('security.accounts.holder_name')}
        error={fieldError('holderName')}
        hint={t('security.accounts.holder_hint')}
      >
        <input
          className={inputClass}
          autoComplete="name"
          value={values.holderName}
          onChange={(e) => setValues({ ...values, holderName: e.target.value })}
        />
      </FormField>
      <FormField
        label={t(values.type === 'bank' ? 'security.accounts.account_number' : 'security.accounts.wallet_number')}
        error={fieldError('accountNumber')}
      >
        <input
          className={inputClass}
          inputMode="numeric"
          value={values.accountNumber}
          onChange={(e) => setValues({ ...values, accountNumber: e.target.value })}
        />
      </FormField>
      <div className="flex flex-col gap-1 sm:col-span-2">
        <div>
          <Button type="submit" disabled={bind.isPending || isFull}>
            {t('security.accounts.bind')}
          </Button>
        </div>
        <p role="status" className="text-sm text-rose-300">
          {isFull
            ? t('security.accounts.limit_reached', { limit: PAYOUT_ACCOUNT_LIMITS[values.type] })
            : errors.form
              ? t(errors.form)
              : null}
        </p>
      </div>
    </form>
  );
}

function PayoutAccounts({ accounts }: { accounts: PayoutAccount[] }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const unbind = useMutation({
    mutationFn: unbindPayoutAccount,
    onSuccess: () => void client.invalidateQueries({ queryKey: ['security'] }),
  });
  const errors = splitErrors(unbind.error);
  return (
    <section className={sectionClass} aria-labelledby="payout-accounts">
      <h3 id="payout-accounts" className={headingClass}>
        {t('security.accounts.title')}
      </h3>
      {accounts.length === 0 ? (
        <p className="text-sm text-slate-400">{t('security.accounts.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {accounts.map((account) => (
            <li
              key={account.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-800/70 px-3 py-2 text-sm"
            >
              <span className="flex flex-col">
                <span className="font-semibold text-slate-100">
                  {account.provider} · {account.accountNumberMasked}
                </span>
                <span className="text-slate-400">
                  {t(account.type === 'bank' ? 'security.accounts.type_bank' : 'security.accounts.type_ewallet')} ·{' '}
                  {account.holderName}
                </span>
              </span>
              <Button
                variant="ghost"
                disabled={unbind.isPending}
                aria-label={t('security.accounts.unbind_label', {
                  account: `${account.provider} ${account.accountNumberMasked}`,
                })}
                onClick={() => unbind.mutate(account.id)}
              >
                {t('security.accounts.unbind')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {errors.form && (
        <p role="alert" className="text-sm text-rose-300">
          {t(errors.form)}
        </p>
      )}
      <h4 className="text-sm font-semibold text-slate-200">{t('security.accounts.bind_title')}</h4>
      <BindForm accounts={accounts} />
    </section>
  );
}

/**
 * Members centre `securityCenter` (spec §2.4 default page): summary, payment password, payout accounts, and the
 * player-protection settings the members centre brings from responsible gaming.
 */
export function SecurityCentrePage({ protection }: { protection: ReactNode }) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useQuery(securityOverviewQuery());
  if (isPending) {
    return (
      <div role="status" className="flex items-center gap-3 p-6 text-slate-300">
        <Spinner />
        {t('security.loading')}
      </div>
    );
  }
  if (isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 p-6 text-slate-200">
        {t('security.load_failed')}
        <Button variant="secondary" onClick={() => void refetch()}>
          {t('security.retry')}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-lg font-bold text-slate-100">{t('security.title')}</h2>
      <Summary />
      <PaymentPasswordForm isSet={data.paymentPasswordSet} />
      <PayoutAccounts accounts={data.payoutAccounts} />
      <div className={sectionClass}>{protection}</div>
    </div>
  );
}
