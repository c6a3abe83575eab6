import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PointItem, Redemption } from '@tessera/contract/api/loyalty';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useModals } from '../../../lib/modal-store';
import { isLoggedIn, useSession } from '../../../lib/session';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { EmptyState } from '../../../ui/empty-state';
import { Form, FormAlert, SubmitButton, TextField } from '../../../ui/form/form';
import { checksResolver, required } from '../../../ui/form/rules-resolver';
import { LazyImage } from '../../../ui/lazy-image';
import { LoadFailed, Loading } from '../../../ui/list-page/list-states';
import { pointBalanceQuery, pointItemsQuery, redeemItem } from '../api/points';
import { usePoints } from './use-points';

/** What a member may still take of an item: its stock, capped by what their limit leaves. */
const mostFor = (item: PointItem) =>
  item.perMemberLimit === null ? item.stock : Math.max(0, Math.min(item.stock, item.perMemberLimit - item.redeemedByMe));

/** The mall's reward items; redeeming one asks for the quantity and the payment password. */
export function RewardGrid({ onRedeemed }: { onRedeemed: (redemption: Redemption) => void }) {
  const { t } = useTranslation();
  const token = useSession((state) => state.token);
  const loggedIn = useSession(isLoggedIn);
  const open = useModals((state) => state.open);
  const items = useQuery(pointItemsQuery(token));
  const points = usePoints();
  const [chosen, setChosen] = useState<PointItem | null>(null);

  if (items.isPending) return <Loading />;
  if (items.isError) return <LoadFailed onRetry={() => void items.refetch()} />;
  if (items.data.list.length === 0) return <EmptyState title={t('point_mall.empty')} text={t('point_mall.empty_hint')} />;
  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label={t('point_mall.rewards')}>
        {items.data.list.map((item) => {
          const most = mostFor(item);
          return (
            <li
              key={item.id}
              className="flex flex-col overflow-hidden rounded-2xl border border-slate-700 bg-slate-900"
              data-testid="mall-item"
            >
              <div className="aspect-square bg-slate-800">
                {item.image ? (
                  <LazyImage src={item.image} alt="" className="size-full object-cover" />
                ) : (
                  <div aria-hidden="true" className="grid size-full place-items-center text-4xl text-amber-300">
                    ★
                  </div>
                )}
              </div>
              <div className="flex flex-1 flex-col gap-1 p-3">
                <h3 className="font-semibold text-slate-100">{item.name}</h3>
                <p className="text-sm font-semibold text-amber-300">
                  {t('point_mall.price', { points: points(item.pointsPrice) })}
                </p>
                <p className="text-xs text-slate-400">
                  {item.stock === 0 ? t('point_mall.sold_out') : t('point_mall.stock', { count: item.stock })}
                  {item.perMemberLimit !== null && (
                    <span className="block">
                      {t('point_mall.limit', { limit: item.perMemberLimit, used: item.redeemedByMe })}
                    </span>
                  )}
                </p>
                <Button
                  className="mt-auto"
                  disabled={loggedIn && most === 0}
                  onClick={() => (loggedIn ? setChosen(item) : open('login', {}))}
                  aria-label={t('point_mall.redeem_item', { name: item.name })}
                >
                  {t('point_mall.redeem')}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {chosen && (
        <RedeemDialog
          item={chosen}
          most={mostFor(chosen)}
          onClose={() => setChosen(null)}
          onRedeemed={(redemption) => {
            setChosen(null);
            onRedeemed(redemption);
          }}
        />
      )}
    </>
  );
}

interface RedeemValues {
  quantity: string;
  password: string;
}

function RedeemDialog({
  item,
  most,
  onClose,
  onRedeemed,
}: {
  item: PointItem;
  most: number;
  onClose: () => void;
  onRedeemed: (redemption: Redemption) => void;
}) {
  const { t } = useTranslation();
  const points = usePoints();
  const client = useQueryClient();
  const token = useSession((state) => state.token);
  const requestId = useRef(crypto.randomUUID());
  const form = useForm<RedeemValues>({
    defaultValues: { quantity: '1', password: '' },
    resolver: checksResolver<RedeemValues>({
      quantity: [
        required(),
        (value) =>
          /^[0-9]+$/.test(value) && Number(value) >= 1 && Number(value) <= most
            ? null
            : { key: 'point_mall.quantity_range', params: { max: String(most) } },
      ],
      password: [required()],
    }),
  });
  const quantity = Number(form.watch('quantity')) || 0;
  const handleSubmit = async (values: RedeemValues) => {
    const value = await redeemItem({
      itemId: item.id,
      quantity: Number(values.quantity),
      paymentPassword: values.password,
      requestId: requestId.current,
    });
    client.setQueryData(pointBalanceQuery(token).queryKey, (old) => (old ? { ...old, pointsBalance: value.pointsBalance } : old));
    void client.invalidateQueries({ queryKey: ['points'] });
    onRedeemed(value.redemption);
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('point_mall.redeem_title', { name: item.name })}
      closeLabel={t('modal.close')}
    >
      <Form
        form={form}
        onSubmit={handleSubmit}
        messageParams={{ max: String(most) }}
        errorField={(error) => (/payment/.test(error.code) ? 'password' : undefined)}
        testId="redeem-form"
      >
        <TextField<RedeemValues> name="quantity" inputMode="numeric" autoComplete="off" label={t('point_mall.quantity')} />
        <p className="text-sm text-slate-300">
          {t('point_mall.redeem_cost', { points: points((BigInt(item.pointsPrice) * BigInt(Math.max(quantity, 0))).toString()) })}
        </p>
        <TextField<RedeemValues> name="password" type="password" autoComplete="off" label={t('point_mall.payment_password')} />
        <FormAlert />
        <SubmitButton>{t('point_mall.redeem_confirm')}</SubmitButton>
      </Form>
    </Dialog>
  );
}
