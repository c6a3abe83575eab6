import type { MissionAdmin } from '@tessera/contract/api/back-office-loyalty';
import * as routes from '@tessera/contract/routes/back-office-loyalty';
import { MISSION_KINDS, MISSION_PERIODS, MISSION_REWARD_TYPES, type MissionKind } from '@tessera/contract/routes/loyalty';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiCall } from '../../lib/api';
import type { Currency } from '../../lib/money';
import { useInvalidate } from '../../lib/use-call';
import { Field, SelectField } from '../../ui/field';
import { DoneNotice, ErrorNotice } from '../../ui/states';
import { formTextOf, hasCategory, type InputProblem, isMoneyTarget, missionInputOf } from './mission-input';

/** A new mission, or the changes to one: names per language, task and target, period, reward. */
export function MissionForm({ editing, currency }: { editing: MissionAdmin | null; currency: Currency }) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const [kind, setKind] = useState<MissionKind>(editing?.kind ?? 'valid_bet');
  const [rewardType, setRewardType] = useState(editing?.rewardType ?? 'points');
  const [problem, setProblem] = useState<InputProblem | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const digits = currency.minorDigits;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = missionInputOf((name) => String(data.get(name) ?? '').trim(), digits);
    setError(null);
    setSaved(false);
    if ('problem' in parsed) {
      setProblem(parsed.problem);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      if (editing) await apiCall(routes.missionUpdate, { body: { id: editing.id, ...parsed.input } });
      else await apiCall(routes.missionCreate, { body: parsed.input });
      setSaved(true);
      await invalidate(routes.missionList);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const problemOf = (field: InputProblem['field']) => (problem?.field === field ? t(problem.key, { digits }) : undefined);
  const targetHint = isMoneyTarget(kind)
    ? t('missions.form.target_money', { symbol: currency.symbol })
    : t(`missions.form.target_${kind}`);

  return (
    <form className="panel" onSubmit={(event) => void submit(event)} aria-labelledby="mission-form-title" noValidate>
      <h2 id="mission-form-title">{editing ? t('missions.form.edit_title') : t('missions.form.new_title')}</h2>
      <Field label={t('missions.form.name_en')} name="name_en" maxLength={80} defaultValue={editing?.names.en ?? ''} />
      <Field label={t('missions.form.name_bn')} name="name_bn" lang="bn" maxLength={80} defaultValue={editing?.names.bn ?? ''} />
      <SelectField
        label={t('missions.form.period')}
        name="period"
        defaultValue={editing?.period ?? 'daily'}
        options={MISSION_PERIODS.map((value) => ({ value, label: t(`missions.period.${value}`) }))}
      />
      <SelectField
        label={t('missions.form.kind')}
        name="kind"
        value={kind}
        onChange={(event) => setKind(event.target.value as MissionKind)}
        options={MISSION_KINDS.map((value) => ({ value, label: t(`missions.kind_name.${value}`) }))}
      />
      <Field
        label={t('missions.form.target')}
        hint={problemOf('target') ?? targetHint}
        aria-invalid={problem?.field === 'target'}
        name="target"
        inputMode={isMoneyTarget(kind) ? 'decimal' : 'numeric'}
        required
        defaultValue={editing ? formTextOf(editing.target, isMoneyTarget(editing.kind), digits) : ''}
      />
      {hasCategory(kind) && (
        <Field
          label={t('missions.form.category')}
          hint={t('missions.form.category_hint')}
          name="gameCategory"
          maxLength={32}
          pattern="[A-Za-z0-9_]*"
          defaultValue={editing?.gameCategory ?? ''}
        />
      )}
      <SelectField
        label={t('missions.form.reward_type')}
        name="rewardType"
        value={rewardType}
        onChange={(event) => setRewardType(event.target.value as typeof rewardType)}
        options={MISSION_REWARD_TYPES.map((value) => ({ value, label: t(`missions.reward_type.${value}`) }))}
      />
      <Field
        label={
          rewardType === 'points'
            ? t('missions.form.reward_points')
            : t('missions.form.reward_bonus', { symbol: currency.symbol })
        }
        hint={problemOf('rewardAmount')}
        aria-invalid={problem?.field === 'rewardAmount'}
        name="rewardAmount"
        inputMode={rewardType === 'points' ? 'numeric' : 'decimal'}
        required
        defaultValue={editing ? formTextOf(editing.rewardAmount, editing.rewardType === 'bonus', digits) : ''}
      />
      {rewardType === 'bonus' && (
        <Field
          label={t('missions.form.promotion')}
          hint={problemOf('promotionId') ?? t('missions.form.promotion_hint')}
          aria-invalid={problem?.field === 'promotionId'}
          name="promotionId"
          inputMode="numeric"
          defaultValue={editing?.promotionId ?? ''}
        />
      )}
      {error !== null && <ErrorNotice error={error} />}
      {error instanceof ApiError && error.fields.length > 0 && (
        <ul className="error">
          {error.fields.map((field) => (
            <li key={field.field}>{String(field.params.reason ?? t(field.key))}</li>
          ))}
        </ul>
      )}
      {saved && <DoneNotice>{t('missions.form.saved')}</DoneNotice>}
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={isBusy}>
          {editing ? t('missions.form.save') : t('missions.form.create')}
        </button>
      </div>
    </form>
  );
}
