import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DepositOrder, PayerAction } from '@tessera/contract/api/deposits';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/dates';
import { useMoney } from '../../../lib/use-money';
import { Button, buttonClass } from '../../../ui/button';
import { QrCode } from '../../../ui/qr-code';
import { Spinner } from '../../../ui/spinner';
import { depositOrderQuery } from '../api/deposit-calls';

/** How the player pays: the provider's page in a new tab, a wallet app, a code to scan, or details to transfer to. */
function PayStep({ action }: { action: PayerAction }) {
  const { t } = useTranslation();
  switch (action.kind) {
    case 'redirect':
    case 'deeplink':
      return (
        <a
          href={action.url}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('primary', 'w-full sm:w-auto')}
          data-testid="gateway-pay-link"
        >
          {t('deposit.gateway.open_page')}
          <span className="sr-only"> {t('deposit.gateway.new_tab')}</span>
        </a>
      );
    case 'qr':
      return <QrCode text={action.data} label={t('deposit.gateway.qr_label')} className="size-48" />;
    case 'instructions':
      return (
        <dl className="flex flex-col gap-1 text-sm">
          {action.lines.map((line) => (
            <div key={line.label} className="flex flex-wrap gap-x-3">
              <dt className="text-slate-400">{line.label}</dt>
              <dd className="font-mono text-slate-100">{line.value}</dd>
            </div>
          ))}
        </dl>
      );
  }
}

/**
 * A hosted-channel order from the moment it exists until it settles: the way to pay and the deadline, the
 * progress as the provider reports it (live, through the member's stream), and the result with a next step.
 */
export function GatewayPayment({ order: created, onAgain }: { order: DepositOrder; onAgain: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const client = useQueryClient();
  const query = useQuery({ ...depositOrderQuery(created.id), initialData: created });
  const order = query.data;
  // Found approved by the poll while the live stream was down: the offers (a first-deposit match) changed with it.
  useEffect(() => {
    if (order.status === 'approved') void client.invalidateQueries({ queryKey: ['promotions'] });
  }, [order.status, client]);
  const amount = money.format(order.amountMinor);
  const again = (
    <Button variant="secondary" onClick={onAgain} data-testid="gateway-again">
      {t('deposit.gateway.again')}
    </Button>
  );

  let body: ReactNode;
  if (order.status === 'approved') {
    body = (
      <>
        <p className="text-emerald-200">{t('deposit.gateway.approved', { amount })}</p>
        <div className="flex flex-wrap gap-2">
          <Link to="/" className={buttonClass('primary')}>
            {t('deposit.gateway.play')}
          </Link>
          {again}
        </div>
      </>
    );
  } else if (order.status === 'expired') {
    body = (
      <>
        <p className="text-rose-200">{t('deposit.gateway.expired')}</p>
        {again}
      </>
    );
  } else if (order.status === 'failed' || order.status === 'rejected') {
    body = (
      <>
        <p className="text-rose-200">{t('deposit.gateway.failed')}</p>
        {again}
      </>
    );
  } else if (order.review) {
    body = <p className="text-amber-200">{t('deposit.gateway.review')}</p>;
  } else {
    body = (
      <>
        <p className="text-sm text-slate-300">{t('deposit.gateway.how')}</p>
        {order.payment && <PayStep action={order.payment.action} />}
        <p className="flex items-center gap-2 text-sm text-slate-200">
          <Spinner />
          {t('deposit.gateway.waiting', { time: order.payment ? formatDateTime(order.payment.expiresAt) : '' })}
        </p>
      </>
    );
  }

  return (
    <section
      className="flex flex-col gap-3 rounded-xl border border-slate-700 p-4"
      aria-labelledby="gateway-payment-title"
      data-testid="gateway-payment"
    >
      <h3 id="gateway-payment-title" className="font-semibold">
        {t('deposit.gateway.title', { amount, channel: order.channelName })}
      </h3>
      <div role="status" aria-live="polite" className="flex flex-col gap-3" data-testid="gateway-status">
        {body}
      </div>
    </section>
  );
}
