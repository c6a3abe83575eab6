import type { PromotionAdminItem } from '@tessera/contract/api/back-office-promotions';
import * as routes from '@tessera/contract/routes/back-office-promotions';
import {
  PROMOTION_AUDIENCE_ACCOUNTS_MAX,
  PROMOTION_AUDIENCES,
  PROMOTION_TYPES,
  type PromotionAudience,
  REBATE_PERIODS,
  REFERRAL_TRIGGERS,
} from '@tessera/contract/routes/promotions';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiCall } from '../../lib/api';
import { formatTime } from '../../lib/dates';
import { formatMinor } from '../../lib/money';
import { useCall, useInvalidate } from '../../lib/use-call';
import { DataTable, QueryView } from '../../ui/data-table';
import { AmountField, Field, NumberField, SelectField, SwitchField, TextAreaField } from '../../ui/field';
import { DoneNotice, ErrorNotice } from '../../ui/states';
import { type Editing, FORM_CATEGORIES, inputOf, localInput, majorText, percentText } from './promotion-form';
import { RaffleSettings } from './raffle-settings';

/**
 * Promotions: every promotion of the merchant with its schedule state, budget used and claims; adding or editing one
 * (texts per language, schedule, audience, bonus terms, limits, budget) and closing one early. Every change is audited.
 */
export function PromotionsScreen() {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const promotions = useCall(routes.promotionList, {});
  const [editing, setEditing] = useState<Editing>(null);
  const [formKey, setFormKey] = useState(0);
  const [error, setError] = useState<unknown>(null);
  const [raffleOf, setRaffleOf] = useState<string | null>(null);

  const close = async (item: PromotionAdminItem) => {
    setError(null);
    try {
      await apiCall(routes.promotionClose, { body: { id: item.id } });
      await invalidate(routes.promotionList);
    } catch (failure) {
      setError(failure);
    }
  };
  const edit = (item: Editing) => {
    setEditing(item);
    setFormKey((key) => key + 1);
  };

  return (
    <section aria-labelledby="promotions-title">
      <h1 id="promotions-title">{t('promotions.title')}</h1>
      {error !== null && <ErrorNotice error={error} />}
      <QueryView query={promotions} isEmpty={(data) => data.items.length === 0} empty={t('promotions.none')}>
        {(data) => (
          <DataTable
            caption={t('promotions.title')}
            busy={promotions.isFetching}
            head={
              <>
                <th scope="col">{t('promotions.col.title')}</th>
                <th scope="col">{t('promotions.col.type')}</th>
                <th scope="col">{t('promotions.col.state')}</th>
                <th scope="col">{t('promotions.col.schedule')}</th>
                <th scope="col">{t('promotions.col.budget')}</th>
                <th scope="col">{t('promotions.col.claims')}</th>
                <th scope="col">{t('promotions.col.actions')}</th>
              </>
            }
          >
            {data.items.map((item) => (
              <tr key={item.id}>
                <th scope="row">{item.texts.en?.title ?? Object.values(item.texts)[0]?.title}</th>
                <td>{t(`promotions.type.${item.type}`)}</td>
                <td>{t(`promotions.state.${item.state}`)}</td>
                <td>
                  {formatTime(item.startTime)} – {item.endTime === null ? '∞' : formatTime(item.endTime)}
                </td>
                <td>
                  {formatMinor(item.budgetUsedMinor)} / {item.budgetMinor === null ? '∞' : formatMinor(item.budgetMinor)}
                </td>
                <td>
                  {item.claimsCount}
                  {item.maxClaimsTotal === null ? '' : ` / ${item.maxClaimsTotal}`}
                </td>
                <td className="actions">
                  {item.state !== 'closed' && (
                    <>
                      <button type="button" className="btn" onClick={() => edit(item)}>
                        {t('promotions.edit')}
                      </button>
                      <button type="button" className="btn" onClick={() => void close(item)}>
                        {t('promotions.close')}
                      </button>
                    </>
                  )}
                  {item.type === 'raffle' && (
                    <button type="button" className="btn" onClick={() => setRaffleOf(item.id)}>
                      {t('raffle.open')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryView>
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={() => edit(null)}>
          {t('promotions.new')}
        </button>
      </div>
      {raffleOf !== null && <RaffleSettings promotionId={raffleOf} />}
      <PromotionForm key={formKey} editing={editing} onSaved={setEditing} />
    </section>
  );
}

function PromotionForm({ editing, onSaved }: { editing: Editing; onSaved: (item: PromotionAdminItem) => void }) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const [error, setError] = useState<unknown>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [saved, setSaved] = useState<PromotionAdminItem | null>(null);
  const [isBusy, setBusy] = useState(false);
  const value = editing;
  const [audience, setAudience] = useState<PromotionAudience>(value?.audience ?? 'all');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { input, problems: found } = inputOf(new FormData(event.currentTarget));
    setProblems(found);
    setError(null);
    setSaved(null);
    if (found.length > 0) return;
    setBusy(true);
    try {
      const item = value
        ? await apiCall(routes.promotionUpdate, { body: { id: value.id, ...input } })
        : await apiCall(routes.promotionCreate, { body: input });
      setSaved(item);
      await invalidate(routes.promotionList);
      onSaved(item);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="panel" onSubmit={(event) => void submit(event)} aria-labelledby="promotion-form-title">
      <h2 id="promotion-form-title">{value ? t('promotions.form.edit_title') : t('promotions.form.new_title')}</h2>
      <SelectField
        label={t('promotions.form.type')}
        name="type"
        defaultValue={value?.type ?? 'first_deposit'}
        options={PROMOTION_TYPES.map((type) => ({ value: type, label: t(`promotions.type.${type}`) }))}
      />
      {(['en', 'bn'] as const).map((language) => (
        <fieldset key={language}>
          <legend>{t(`promotions.form.texts_${language}`)}</legend>
          <Field
            label={t('promotions.form.title')}
            name={`title_${language}`}
            maxLength={120}
            defaultValue={value?.texts[language]?.title ?? ''}
          />
          <TextAreaField
            label={t('promotions.form.body')}
            name={`body_${language}`}
            rows={3}
            maxLength={5000}
            defaultValue={value?.texts[language]?.body ?? ''}
          />
        </fieldset>
      ))}
      <Field
        label={t('promotions.form.image')}
        hint={t('promotions.form.image_hint')}
        name="image"
        maxLength={500}
        defaultValue={value?.image ?? ''}
      />
      <Field
        label={t('promotions.form.start')}
        name="startTime"
        type="datetime-local"
        required
        defaultValue={localInput(value?.startTime ?? Date.now())}
      />
      <Field
        label={t('promotions.form.end')}
        hint={t('promotions.form.end_hint')}
        name="endTime"
        type="datetime-local"
        defaultValue={localInput(value?.endTime ?? null)}
      />
      <SelectField
        label={t('promotions.form.audience')}
        name="audience"
        value={audience}
        onChange={(event) => setAudience(event.currentTarget.value as PromotionAudience)}
        options={PROMOTION_AUDIENCES.map((option) => ({ value: option, label: t(`promotions.audience.${option}`) }))}
      />
      {audience === 'new' && (
        <NumberField
          label={t('promotions.form.new_member_days')}
          name="newMemberDays"
          min={1}
          max={365}
          defaultValue={value?.newMemberDays ?? 7}
        />
      )}
      {audience === 'vip' && (
        <Field
          label={t('promotions.form.vip_levels')}
          hint={t('promotions.form.vip_levels_hint')}
          name="vipLevels"
          inputMode="numeric"
          required
          defaultValue={value?.vipLevels?.join(', ') ?? ''}
        />
      )}
      {audience === 'downline' && (
        <Field
          label={t('promotions.form.agent_account')}
          name="agentAccount"
          autoComplete="off"
          required
          maxLength={64}
          defaultValue={value?.agentAccount ?? ''}
        />
      )}
      {audience === 'members' && (
        <TextAreaField
          label={t('promotions.form.accounts')}
          hint={t('promotions.form.accounts_hint', { max: PROMOTION_AUDIENCE_ACCOUNTS_MAX })}
          name="accounts"
          rows={4}
          required
          defaultValue={value?.accounts?.join('\n') ?? ''}
        />
      )}
      <NumberField
        label={t('promotions.form.match_percent')}
        hint={t('promotions.form.match_hint')}
        name="matchPercent"
        min={1}
        max={1000}
        defaultValue={value?.matchPercent ?? ''}
      />
      <AmountField
        label={t('promotions.form.bonus_cap')}
        name="bonusCap"
        required
        defaultValue={majorText(value?.bonusCapMinor ?? null)}
      />
      <AmountField
        label={t('promotions.form.min_deposit')}
        hint={t('promotions.form.min_deposit_hint')}
        name="minDeposit"
        defaultValue={majorText(value?.minDepositMinor ?? null)}
      />
      <AmountField
        label={t('promotions.form.fixed_bonus')}
        hint={t('promotions.form.fixed_hint')}
        name="fixedBonus"
        defaultValue={majorText(value?.fixedBonusMinor ?? null)}
      />
      <NumberField
        label={t('promotions.form.wagering')}
        hint={t('promotions.form.wagering_hint')}
        name="wageringMultiplier"
        min={0}
        max={100}
        required
        defaultValue={value?.wageringMultiplier ?? 20}
      />
      <SelectField
        label={t('promotions.form.wagering_base')}
        name="wageringBase"
        defaultValue={value?.wageringBase ?? 'bonus'}
        options={(['bonus', 'deposit_bonus'] as const).map((base) => ({ value: base, label: t(`promotions.base.${base}`) }))}
      />
      <NumberField
        label={t('promotions.form.weight_slots')}
        name="weight_RNG"
        min={0}
        max={100}
        defaultValue={value?.weights.RNG ?? 100}
      />
      <NumberField
        label={t('promotions.form.weight_lottery')}
        name="weight_LOTT"
        min={0}
        max={100}
        defaultValue={value?.weights.LOTT ?? 10}
      />
      <AmountField label={t('promotions.form.max_bet')} name="maxBet" defaultValue={majorText(value?.maxBetMinor ?? null)} />
      <NumberField
        label={t('promotions.form.expiry_hours')}
        name="expiryHours"
        min={1}
        max={8760}
        required
        defaultValue={value?.expiryHours ?? 72}
      />
      <AmountField
        label={t('promotions.form.max_conversion')}
        name="maxConversion"
        defaultValue={majorText(value?.maxConversionMinor ?? null)}
      />
      <NumberField
        label={t('promotions.form.max_per_member')}
        name="maxClaimsPerMember"
        min={1}
        max={100}
        required
        defaultValue={value?.maxClaimsPerMember ?? 1}
      />
      <NumberField
        label={t('promotions.form.max_total')}
        name="maxClaimsTotal"
        min={1}
        defaultValue={value?.maxClaimsTotal ?? ''}
      />
      <AmountField
        label={t('promotions.form.budget')}
        hint={value ? t('promotions.form.budget_used', { used: formatMinor(value.budgetUsedMinor) }) : undefined}
        name="budget"
        defaultValue={majorText(value?.budgetMinor ?? null)}
      />
      <SwitchField label={t('promotions.form.review')} name="review" defaultChecked={value?.review ?? false} />
      <fieldset>
        <legend>{t('promotions.form.referral')}</legend>
        <SelectField
          label={t('promotions.form.referral_trigger')}
          name="referralTrigger"
          defaultValue={value?.referralTrigger ?? ''}
          options={[
            { value: '', label: t('promotions.trigger.none') },
            ...REFERRAL_TRIGGERS.map((trigger) => ({ value: trigger, label: t(`promotions.trigger.${trigger}`) })),
          ]}
        />
        <AmountField
          label={t('promotions.form.referral_valid_bet')}
          name="referralValidBet"
          defaultValue={majorText(value?.referralValidBetMinor ?? null)}
        />
      </fieldset>
      <fieldset>
        <legend>{t('promotions.form.rebate')}</legend>
        <p className="hint">{t('promotions.form.rebate_hint')}</p>
        <SelectField
          label={t('promotions.form.rebate_period')}
          name="rebatePeriod"
          defaultValue={value?.rebatePeriod ?? 'daily'}
          options={REBATE_PERIODS.map((period) => ({ value: period, label: t(`promotions.period.${period}`) }))}
        />
        <Field
          label={t('promotions.form.rebate_percent')}
          hint={t('promotions.form.rebate_percent_hint')}
          name="rebatePercent"
          inputMode="decimal"
          defaultValue={percentText(value?.rebateBasisPoints)}
        />
        <AmountField label={t('promotions.form.min_loss')} name="minLoss" defaultValue={majorText(value?.minLossMinor ?? null)} />
        {FORM_CATEGORIES.map((category) => (
          <SwitchField
            key={category}
            label={t(`promotions.form.rebate_category_${category}`)}
            name={`rebate_${category}`}
            defaultChecked={value ? (value.rebateCategories ?? []).includes(category) : category === 'RNG'}
          />
        ))}
      </fieldset>
      {problems.length > 0 && (
        <p className="error" role="alert">
          {t('promotions.form.invalid', { fields: problems.join(', ') })}
        </p>
      )}
      {error !== null && <ErrorNotice error={error} />}
      {error instanceof ApiError && error.fields.length > 0 && (
        <ul className="error">
          {error.fields.map((field) => (
            <li key={field.field}>
              {field.field.replace(/^body\/?/, '')}: {String(field.params.reason ?? field.key)}
            </li>
          ))}
        </ul>
      )}
      {saved && <DoneNotice>{t('promotions.form.saved')}</DoneNotice>}
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={isBusy}>
          {value ? t('promotions.form.save') : t('promotions.form.create')}
        </button>
      </div>
    </form>
  );
}
