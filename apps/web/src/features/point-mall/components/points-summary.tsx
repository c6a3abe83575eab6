import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PointConfig } from '@tessera/contract/api/loyalty';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { useMoney } from '../../../lib/use-money';
import { Form, FormAlert, FormNotice, SubmitButton, TextField } from '../../../ui/form/form';
import { checksResolver, required } from '../../../ui/form/rules-resolver';
import { convertPoints, pointBalanceQuery } from '../api/points';
import { usePoints } from './use-points';

interface ConvertValues {
  points: string;
  password: string;
}

/** The points balance (never expires), and points → cash at the operator's ratio. */
export function PointsSummary({ config }: { config: PointConfig }) {
  const { t } = useTranslation();
  const token = useSession((state) => state.token);
  const balance = useQuery(pointBalanceQuery(token));
  const points = usePoints();
  const money = useMoney();
  return (
    <section
      aria-labelledby="points-balance"
      className="flex flex-col gap-4 rounded-2xl border border-amber-400/40 bg-gradient-to-br from-amber-400/10 to-slate-900 p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="points-balance" className="text-sm text-slate-300">
          {t('point_mall.balance')}{' '}
          <strong className="block text-3xl tabular-nums text-amber-300" data-testid="points-balance">
            {balance.data ? points(balance.data.pointsBalance) : '—'}
          </strong>
        </h2>
        <p className="text-xs text-slate-400">
          {balance.data && t('point_mall.earned_total', { points: points(balance.data.earnedTotal) })}
          <span className="block">{t('point_mall.never_expire')}</span>
        </p>
      </div>
      {config.convertible ? (
        <>
          <p className="text-sm text-slate-300">
            {t('point_mall.ratio', {
              points: points(String(config.pointsRatio.points)),
              amount: money.format(config.pointsRatio.amountMinor),
            })}
          </p>
          <ConvertForm config={config} />
        </>
      ) : (
        <p className="text-sm text-slate-400">{t('point_mall.convert_off')}</p>
      )}
    </section>
  );
}

function ConvertForm({ config }: { config: PointConfig }) {
  const { t } = useTranslation();
  const money = useMoney();
  const points = usePoints();
  const client = useQueryClient();
  const token = useSession((state) => state.token);
  const [done, setDone] = useState<{ points: string; amount: string } | null>(null);
  const requestId = useRef(crypto.randomUUID());
  const min = Math.max(config.minConvertPoints, config.pointsRatio.points);
  const form = useForm<ConvertValues>({
    defaultValues: { points: '', password: '' },
    resolver: checksResolver<ConvertValues>({
      points: [
        required(),
        (value) =>
          /^[0-9]+$/.test(value) && Number(value) >= min ? null : { key: 'point_mall.convert_min', params: { min: String(min) } },
      ],
      password: [required()],
    }),
  });
  const handleSubmit = async (values: ConvertValues) => {
    const value = await convertPoints({ points: values.points, paymentPassword: values.password, requestId: requestId.current });
    requestId.current = crypto.randomUUID();
    client.setQueryData(pointBalanceQuery(token).queryKey, (old) => (old ? { ...old, pointsBalance: value.pointsBalance } : old));
    void client.invalidateQueries({ queryKey: ['points'] });
    void client.invalidateQueries({ queryKey: ['wallet', 'balance'] });
    setDone({ points: value.changedPoints.replace('-', ''), amount: value.amountMinor });
    form.reset();
  };
  return (
    <Form
      form={form}
      onSubmit={handleSubmit}
      onAttempt={() => setDone(null)}
      label={t('point_mall.convert')}
      messageParams={{ min: String(min) }}
      errorField={(error) => (/payment/.test(error.code) ? 'password' : 'points')}
      className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      testId="convert-form"
    >
      <TextField<ConvertValues>
        name="points"
        inputMode="numeric"
        autoComplete="off"
        label={t('point_mall.convert_points')}
        hint={t('point_mall.convert_min', { min: points(String(min)) })}
      />
      <TextField<ConvertValues> name="password" type="password" autoComplete="off" label={t('point_mall.payment_password')} />
      <SubmitButton isWide={false}>{t('point_mall.convert')}</SubmitButton>
      <div className="sm:col-span-3">
        <FormAlert />
        <FormNotice testId="convert-done">
          {done && t('point_mall.converted', { points: points(done.points), amount: money.format(done.amount) })}
        </FormNotice>
      </div>
    </Form>
  );
}
