import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayoutAccount, PayoutAccountType, SecurityOverview } from '@tessera/contract/api/security-centre';
import { PAYOUT_ACCOUNT_LIMITS } from '@tessera/contract/payout-account-limits';
import type { ParseKeys } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useModals } from '../../../lib/modal-store';
import { Button } from '../../../ui/button';
import { Form, FormAlert, FormNotice, SubmitButton, TextField } from '../../../ui/form/form';
import { GoogleCodeField } from '../../../ui/form/google-code-field';
import { checksResolver, required } from '../../../ui/form/rules-resolver';
import { SelectField } from '../../../ui/form/select-field';
import { LoadFailed, Loading } from '../../../ui/list-page/list-states';
import { bindPayoutAccount, savePaymentPassword, securityOverviewQuery, unbindPayoutAccount } from '../api/security-calls';
import { LoginHistory } from './login-history';
import { TwoFactorSection } from './two-factor-section';

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

interface PaymentPasswordValues {
  loginPassword: string;
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
  googleCode: string;
}

const EMPTY_PAYMENT_PASSWORD: PaymentPasswordValues = {
  loginPassword: '',
  oldPassword: '',
  newPassword: '',
  confirmPassword: '',
  googleCode: '',
};

/** The authenticator's code of a guarded change, sent only when two-factor is on. */
const googleCodeOf = (hasTwoFactor: boolean, code: string) => (hasTwoFactor ? { googleCode: code.trim() } : {});

function PaymentPasswordForm({ isSet, hasTwoFactor }: { isSet: boolean; hasTwoFactor: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [isDone, setDone] = useState(false);
  const form = useForm<PaymentPasswordValues>({
    defaultValues: EMPTY_PAYMENT_PASSWORD,
    resolver: checksResolver<PaymentPasswordValues>({
      ...(isSet ? { oldPassword: [required()] } : { loginPassword: [required()] }),
      newPassword: [required()],
      confirmPassword: [required()],
      ...(hasTwoFactor ? { googleCode: [required()] } : {}),
    }),
  });
  const handleSubmit = async (values: PaymentPasswordValues) => {
    await savePaymentPassword({
      ...(isSet ? { oldPassword: values.oldPassword } : { loginPassword: values.loginPassword }),
      newPassword: values.newPassword,
      confirmPassword: values.confirmPassword,
      ...googleCodeOf(hasTwoFactor, values.googleCode),
    });
    form.reset(EMPTY_PAYMENT_PASSWORD);
    setDone(true);
    void client.invalidateQueries({ queryKey: ['security'] });
    void client.invalidateQueries({ queryKey: ['withdrawal', 'info'] });
  };
  const input = (name: keyof PaymentPasswordValues, label: ParseKeys, autoComplete: string) => (
    <TextField<PaymentPasswordValues>
      name={name}
      type="password"
      inputMode={name === 'loginPassword' ? undefined : 'numeric'}
      autoComplete={autoComplete}
      label={t(label)}
    />
  );
  return (
    <section className={sectionClass} aria-labelledby="payment-password">
      <h3 id="payment-password" className={headingClass}>
        {t(isSet ? 'security.payment_password.change_title' : 'security.payment_password.set_title')}
      </h3>
      <p className="text-sm text-slate-400">
        {t(isSet ? 'security.payment_password.is_set' : 'security.payment_password.not_set')}
      </p>
      <Form
        form={form}
        onSubmit={handleSubmit}
        onAttempt={() => setDone(false)}
        className="grid grid-cols-1 gap-3 sm:grid-cols-2"
      >
        {isSet
          ? input('oldPassword', 'security.payment_password.old', 'off')
          : input('loginPassword', 'security.payment_password.login_password', 'current-password')}
        {input('newPassword', 'security.payment_password.new', 'new-password')}
        {input('confirmPassword', 'security.payment_password.confirm', 'new-password')}
        {hasTwoFactor && <GoogleCodeField<PaymentPasswordValues> name="googleCode" />}
        <div className="flex items-end">
          <SubmitButton isWide={false}>{t('security.payment_password.save')}</SubmitButton>
        </div>
        <div className="sm:col-span-2">
          <FormAlert />
        </div>
      </Form>
      <FormNotice>{isDone && t('security.payment_password.saved')}</FormNotice>
    </section>
  );
}

interface BindValues {
  type: PayoutAccountType;
  provider: string;
  holderName: string;
  accountNumber: string;
  googleCode: string;
}

const EMPTY_BIND: BindValues = { type: 'bank', provider: '', holderName: '', accountNumber: '', googleCode: '' };

function BindForm({ accounts, hasTwoFactor }: { accounts: PayoutAccount[]; hasTwoFactor: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useForm<BindValues>({
    defaultValues: EMPTY_BIND,
    resolver: checksResolver<BindValues>({
      provider: [required()],
      holderName: [required()],
      accountNumber: [required()],
      ...(hasTwoFactor ? { googleCode: [required()] } : {}),
    }),
  });
  const type = useWatch({ control: form.control, name: 'type' });
  const isFull = accounts.filter((account) => account.type === type).length >= PAYOUT_ACCOUNT_LIMITS[type];
  const handleSubmit = async (values: BindValues) => {
    const { googleCode, ...account } = values;
    await bindPayoutAccount({
      ...account,
      accountNumber: values.accountNumber.replace(/[\s-]/g, ''),
      ...googleCodeOf(hasTwoFactor, googleCode),
    });
    form.reset(EMPTY_BIND);
    void client.invalidateQueries({ queryKey: ['security'] });
    void client.invalidateQueries({ queryKey: ['withdrawal', 'info'] });
  };
  return (
    <Form
      form={form}
      onSubmit={handleSubmit}
      label={t('security.accounts.bind_title')}
      className="grid grid-cols-1 gap-3 sm:grid-cols-2"
    >
      <SelectField<BindValues>
        name="type"
        label={t('security.accounts.type')}
        options={[
          { value: 'bank', label: t('security.accounts.type_bank') },
          { value: 'ewallet', label: t('security.accounts.type_ewallet') },
        ]}
      />
      <TextField<BindValues>
        name="provider"
        label={t(type === 'bank' ? 'security.accounts.bank_name' : 'security.accounts.provider')}
      />
      <TextField<BindValues>
        name="holderName"
        autoComplete="name"
        label={t('security.accounts.holder_name')}
        hint={t('security.accounts.holder_hint')}
      />
      <TextField<BindValues>
        name="accountNumber"
        inputMode="numeric"
        label={t(type === 'bank' ? 'security.accounts.account_number' : 'security.accounts.wallet_number')}
      />
      {hasTwoFactor && <GoogleCodeField<BindValues> name="googleCode" />}
      <div className="flex flex-col gap-2 sm:col-span-2">
        <SubmitButton isWide={false} className="self-start" disabled={isFull}>
          {t('security.accounts.bind')}
        </SubmitButton>
        {isFull && (
          <p role="status" className="text-sm text-rose-300">
            {t('security.accounts.limit_reached', { limit: PAYOUT_ACCOUNT_LIMITS[type] })}
          </p>
        )}
        <FormAlert />
      </div>
    </Form>
  );
}

function PayoutAccounts({ accounts, hasTwoFactor }: { accounts: PayoutAccount[]; hasTwoFactor: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const unbind = useMutation({
    mutationFn: unbindPayoutAccount,
    onSuccess: () => void client.invalidateQueries({ queryKey: ['security'] }),
  });
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
      {unbind.isError && (
        <p role="alert" className="text-sm text-rose-300">
          {t(errorMessageKey(unbind.error))}
        </p>
      )}
      <h4 className="text-sm font-semibold text-slate-200">{t('security.accounts.bind_title')}</h4>
      <BindForm accounts={accounts} hasTwoFactor={hasTwoFactor} />
    </section>
  );
}

/**
 * Members centre `securityCenter` (spec §2.4 default page): summary, the recovery e-mail and mobile, payment
 * password, payout accounts, and the player-protection settings the members centre brings from responsible
 * gaming. The recovery part comes from the accounts feature, which owns codes and phone numbers.
 */
export function SecurityCentrePage({
  protection,
  recovery,
}: {
  protection: ReactNode;
  recovery: (overview: SecurityOverview, onChanged: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data, isPending, isError, refetch } = useQuery(securityOverviewQuery());
  if (isPending) return <Loading />;
  if (isError) return <LoadFailed text="security.load_failed" onRetry={() => void refetch()} />;
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-lg font-bold text-slate-100">{t('security.title')}</h2>
      <Summary />
      <LoginHistory sectionClass={sectionClass} headingClass={headingClass} />
      <TwoFactorSection sectionClass={sectionClass} headingClass={headingClass} />
      {recovery(data, () => void client.invalidateQueries({ queryKey: ['security'] }))}
      <PaymentPasswordForm isSet={data.paymentPasswordSet} hasTwoFactor={data.twoFactorEnabled} />
      <PayoutAccounts accounts={data.payoutAccounts} hasTwoFactor={data.twoFactorEnabled} />
      <div className={sectionClass}>{protection}</div>
    </div>
  );
}
