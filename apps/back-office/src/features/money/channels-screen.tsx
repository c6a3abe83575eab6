import type { ChannelRow, ChannelSaveBody } from '@tessera/contract/api/back-office-channels';
import * as channelRoutes from '@tessera/contract/routes/back-office-channels';
import { CHANNEL_LOGOS } from '@tessera/contract/routes/deposits';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../lib/api';
import { type Currency, formatMinor, parseMajor } from '../../lib/money';
import { useCall, useInvalidate } from '../../lib/use-call';
import { QueryView } from '../../ui/data-table';
import { AmountField, Field, NumberField, SelectField, SwitchField } from '../../ui/field';
import { DoneNotice, ErrorNotice } from '../../ui/states';
import { useMoneySettings } from './queue-parts';

const NEW_CHANNEL: ChannelRow = {
  code: '',
  kind: 'instant',
  gateway: null,
  names: { en: '', bn: '' },
  instructions: { en: '', bn: '' },
  minMinor: '10000',
  maxMinor: '5000000',
  feeBps: 0,
  feeFixedMinor: '0',
  currency: null,
  paymentMinutes: 15,
  sortOrder: 10,
  active: true,
  minVipLevel: 0,
  depositHistory: 'any',
  logo: null,
  payoutAccountType: null,
};

const percentOf = (bps: number) => (bps / 100).toFixed(2);

/** One channel's form: add (code and kind open) or edit (both fixed). Amounts in major units of the currency. */
function ChannelEditor({
  channel,
  isNew,
  gateways,
  currency,
  onDone,
}: {
  channel: ChannelRow;
  isNew: boolean;
  gateways: { id: string; name: string }[];
  currency: Currency;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const [kind, setKind] = useState(channel.kind);
  const [error, setError] = useState<unknown>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const major = (minor: string) => formatMinor(minor, { ...currency, symbol: '' }).replace(/,/g, '');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const min = parseMajor(text('min'), currency.minorDigits);
    const max = parseMajor(text('max'), currency.minorDigits);
    const fixed = parseMajor(text('feeFixed') || '0', currency.minorDigits);
    const fee = /^[0-9]{1,3}(\.[0-9]{1,2})?$/.test(text('fee')) ? Math.round(Number(text('fee')) * 100) : null;
    if (min === null || max === null || min === '0' || max === '0' || fixed === null || fee === null || fee > 10_000) {
      setProblem(t('channels.amounts_invalid', { digits: currency.minorDigits }));
      return;
    }
    setProblem(null);
    const body: ChannelSaveBody = {
      isNew,
      code: isNew ? text('code') : channel.code,
      kind,
      gateway: kind === 'instant' ? text('gateway') || null : null,
      names: { en: text('nameEn'), bn: text('nameBn') },
      instructions: { en: text('instructionsEn'), bn: text('instructionsBn') },
      minMinor: min,
      maxMinor: max,
      feeBps: fee,
      feeFixedMinor: fixed,
      currency: text('currency').toUpperCase() || null,
      paymentMinutes: Number(text('minutes')),
      sortOrder: Number(text('order')),
      active: form.get('active') === 'on',
      minVipLevel: Number(text('minVip')),
      depositHistory: text('history') as ChannelRow['depositHistory'],
      logo: (text('logo') || null) as ChannelRow['logo'],
      payoutAccountType: kind === 'instant' ? ((text('payout') || null) as ChannelRow['payoutAccountType']) : null,
    };
    setBusy(true);
    setError(null);
    try {
      const saved = await apiCall(channelRoutes.channelSave, { body });
      await invalidate(channelRoutes.channels);
      onDone(t('channels.saved', { code: saved.code }));
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="panel editor-form" onSubmit={submit} aria-labelledby="channel-editor-title" data-testid="channel-editor">
      <h2 id="channel-editor-title">{isNew ? t('channels.add_title') : t('channels.edit_title', { code: channel.code })}</h2>
      {isNew && (
        <Field label={t('channels.code')} name="code" required pattern="[a-z0-9_\-]{2,32}" hint={t('channels.code_hint')} />
      )}
      <SelectField
        label={t('channels.kind')}
        name="kind"
        value={kind}
        disabled={!isNew}
        onChange={(event) => setKind(event.target.value as ChannelRow['kind'])}
        options={channelRoutes.CHANNEL_KINDS.map((option) => ({ value: option, label: t(`channels.kinds.${option}`) }))}
      />
      {kind === 'instant' && (
        <SelectField
          label={t('channels.gateway')}
          name="gateway"
          defaultValue={channel.gateway ?? gateways[0]?.id ?? ''}
          required
          options={gateways.map((gateway) => ({ value: gateway.id, label: gateway.name }))}
        />
      )}
      {kind === 'instant' && (
        <SelectField
          label={t('channels.payout')}
          name="payout"
          defaultValue={channel.payoutAccountType ?? ''}
          hint={t('channels.payout_hint')}
          options={[
            { value: '', label: t('channels.payout_none') },
            ...channelRoutes.PAYOUT_ACCOUNT_TYPES.map((type) => ({ value: type, label: t(`channels.payout_types.${type}`) })),
          ]}
        />
      )}
      <Field label={t('channels.name_en')} name="nameEn" defaultValue={channel.names.en} required maxLength={200} />
      <Field label={t('channels.name_bn')} name="nameBn" defaultValue={channel.names.bn} maxLength={200} lang="bn" />
      <Field
        label={t('channels.instructions_en')}
        name="instructionsEn"
        defaultValue={channel.instructions.en}
        maxLength={1000}
      />
      <Field
        label={t('channels.instructions_bn')}
        name="instructionsBn"
        defaultValue={channel.instructions.bn}
        maxLength={1000}
        lang="bn"
      />
      <AmountField
        label={t('channels.min', { symbol: currency.symbol })}
        name="min"
        defaultValue={major(channel.minMinor)}
        required
      />
      <AmountField
        label={t('channels.max', { symbol: currency.symbol })}
        name="max"
        defaultValue={major(channel.maxMinor)}
        required
      />
      <AmountField
        label={t('channels.fee_percent')}
        name="fee"
        defaultValue={percentOf(channel.feeBps)}
        required
        hint={t('channels.fee_hint')}
      />
      <AmountField
        label={t('channels.fee_fixed', { symbol: currency.symbol })}
        name="feeFixed"
        defaultValue={major(channel.feeFixedMinor)}
      />
      <Field
        label={t('channels.currency')}
        name="currency"
        defaultValue={channel.currency ?? ''}
        pattern="[A-Za-z]{3}"
        maxLength={3}
        hint={t('channels.currency_hint')}
      />
      <NumberField
        label={t('channels.minutes')}
        name="minutes"
        min={1}
        max={1440}
        defaultValue={channel.paymentMinutes}
        required
      />
      <NumberField label={t('channels.order')} name="order" min={0} max={10000} defaultValue={channel.sortOrder} required />
      <NumberField
        label={t('channels.min_vip')}
        name="minVip"
        min={0}
        max={100}
        defaultValue={channel.minVipLevel}
        required
        hint={t('channels.min_vip_hint')}
      />
      <SelectField
        label={t('channels.history')}
        name="history"
        defaultValue={channel.depositHistory}
        options={channelRoutes.DEPOSIT_HISTORIES.map((history) => ({
          value: history,
          label: t(`channels.histories.${history}`),
        }))}
      />
      <SelectField
        label={t('channels.logo')}
        name="logo"
        defaultValue={channel.logo ?? ''}
        options={[
          { value: '', label: t('channels.logo_default') },
          ...CHANNEL_LOGOS.map((logo) => ({ value: logo, label: t(`channels.logos.${logo}`) })),
        ]}
      />
      <SwitchField label={t('channels.active')} name="active" defaultChecked={channel.active} />
      {problem && (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      )}
      {error !== null && <ErrorNotice error={error} />}
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('channels.save')}
        </button>
        <button type="button" className="btn" onClick={() => onDone('')}>
          {t('channels.cancel')}
        </button>
      </div>
    </form>
  );
}

/**
 * The merchant's deposit channels in the players' order: provider, limits, fee, currency, who is offered each (VIP
 * level, deposit history), payouts, on or off; add one or edit one in the form below the table.
 */
export function ChannelsScreen() {
  const { t } = useTranslation();
  const list = useCall(channelRoutes.channels);
  const money = useMoneySettings();
  const [editing, setEditing] = useState<{ channel: ChannelRow; isNew: boolean } | null>(null);
  const [notice, setNotice] = useState('');

  return (
    <section aria-labelledby="channels-title">
      <h1 id="channels-title">{t('channels.title')}</h1>
      <p className="hint">{t('channels.intro')}</p>
      <div className="actions">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            setNotice('');
            setEditing({ channel: NEW_CHANNEL, isNew: true });
          }}
        >
          {t('channels.add')}
        </button>
      </div>
      {notice && <DoneNotice>{notice}</DoneNotice>}
      <QueryView query={list} needs={[money]} isEmpty={(data) => data.channels.length === 0} empty={t('channels.empty')}>
        {(data) => {
          const currency = money.data ?? { symbol: '', minorDigits: 2 };
          const gatewayName = (id: string | null) => data.gateways.find((g) => g.id === id)?.name ?? id ?? '–';
          return (
            <div className="table-wrap">
              <table data-testid="channels-table">
                <caption className="visually-hidden">{t('channels.title')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('channels.order')}</th>
                    <th scope="col">{t('channels.code')}</th>
                    <th scope="col">{t('channels.name_en')}</th>
                    <th scope="col">{t('channels.gateway')}</th>
                    <th scope="col">{t('channels.limits')}</th>
                    <th scope="col">{t('channels.fee')}</th>
                    <th scope="col">{t('channels.currency')}</th>
                    <th scope="col">{t('channels.audience')}</th>
                    <th scope="col">{t('channels.payouts')}</th>
                    <th scope="col">{t('channels.status')}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t('channels.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.channels.map((channel) => (
                    <tr key={channel.code}>
                      <td>{channel.sortOrder}</td>
                      <td>
                        <code>{channel.code}</code>
                      </td>
                      <td>{channel.names.en}</td>
                      <td>{channel.kind === 'instant' ? gatewayName(channel.gateway) : t(`channels.kinds.${channel.kind}`)}</td>
                      <td>
                        {formatMinor(channel.minMinor, currency)} – {formatMinor(channel.maxMinor, currency)}
                      </td>
                      <td>
                        {percentOf(channel.feeBps)}% + {formatMinor(channel.feeFixedMinor, currency)}
                      </td>
                      <td>{channel.currency ?? t('channels.merchant_currency')}</td>
                      <td>
                        {[
                          ...(channel.minVipLevel > 0 ? [t('channels.audience_vip', { level: channel.minVipLevel })] : []),
                          t(`channels.histories.${channel.depositHistory}`),
                        ].join(' · ')}
                      </td>
                      <td>
                        {channel.payoutAccountType
                          ? t(`channels.payout_types.${channel.payoutAccountType}`)
                          : t('channels.payout_none')}
                      </td>
                      <td>{channel.active ? t('channels.on') : t('channels.off')}</td>
                      <td>
                        <button
                          type="button"
                          className="btn btn-small"
                          aria-label={t('channels.edit_label', { code: channel.code })}
                          onClick={() => {
                            setNotice('');
                            setEditing({ channel, isNew: false });
                          }}
                        >
                          {t('channels.edit')}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          );
        }}
      </QueryView>
      {editing && list.data && money.data && (
        <ChannelEditor
          key={`${editing.channel.code}:${editing.isNew}`}
          channel={editing.channel}
          isNew={editing.isNew}
          gateways={list.data.gateways}
          currency={money.data}
          onDone={(message) => {
            setEditing(null);
            setNotice(message);
          }}
        />
      )}
    </section>
  );
}
