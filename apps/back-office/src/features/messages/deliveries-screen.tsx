import * as routes from '@tessera/contract/routes/back-office-messages';
import { DELIVERY_CHANNELS, DELIVERY_STATES } from '@tessera/contract/routes/back-office-messages';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../lib/api';
import { formatTime } from '../../lib/dates';
import { useCall, useInvalidate } from '../../lib/use-call';
import { DataTable, QueryView } from '../../ui/data-table';
import { Pager } from '../../ui/pager';
import { DoneNotice, ErrorNotice } from '../../ui/states';

type State = (typeof DELIVERY_STATES)[number];
type Channel = (typeof DELIVERY_CHANNELS)[number];
const PAGE_SIZES = [25, 50, 100] as const;

/** Mail and SMS on their way, delivered or dead (the dead letters first), and an audited retry of a dead one. */
export function DeliveriesScreen() {
  const { t } = useTranslation();
  const [state, setState] = useState<State | ''>('dead');
  const [channel, setChannel] = useState<Channel | ''>('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<(typeof PAGE_SIZES)[number]>(25);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const stateId = useId();
  const channelId = useId();
  const list = useCall(routes.deliveryList, {
    page,
    pageSize,
    ...(state ? { state } : {}),
    ...(channel ? { channel } : {}),
  });
  const invalidate = useInvalidate();

  const retry = async (id: string) => {
    setError(null);
    setDone(null);
    try {
      await apiCall(routes.deliveryRetry, { body: { id } });
      setDone(t('deliveries.retried'));
      await invalidate(routes.deliveryList);
    } catch (failure) {
      setError(failure);
    }
  };

  return (
    <section aria-labelledby="deliveries-title">
      <h1 id="deliveries-title">{t('deliveries.title')}</h1>
      <p className="lead">{t('deliveries.intro')}</p>
      <div className="filters">
        <div className="field">
          <label htmlFor={stateId}>{t('deliveries.state')}</label>
          <select
            id={stateId}
            value={state}
            onChange={(event) => {
              setState(event.target.value as State | '');
              setPage(1);
            }}
          >
            <option value="">{t('deliveries.any')}</option>
            {DELIVERY_STATES.map((option) => (
              <option key={option} value={option}>
                {t(`deliveries.state_${option}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={channelId}>{t('deliveries.channel')}</label>
          <select
            id={channelId}
            value={channel}
            onChange={(event) => {
              setChannel(event.target.value as Channel | '');
              setPage(1);
            }}
          >
            <option value="">{t('deliveries.any')}</option>
            {DELIVERY_CHANNELS.map((option) => (
              <option key={option} value={option}>
                {t(`deliveries.channel_${option}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {done && <DoneNotice>{done}</DoneNotice>}
      {error !== null && <ErrorNotice error={error} />}
      <QueryView
        query={list}
        isEmpty={(data) => data.items.length === 0}
        empty={t('deliveries.empty')}
        count={(data) => t('deliveries.count', { count: data.total })}
      >
        {(data) => (
          <>
            <DataTable
              caption={t('deliveries.title')}
              busy={list.isPlaceholderData}
              head={
                <>
                  <th scope="col">{t('deliveries.created')}</th>
                  <th scope="col">{t('deliveries.channel')}</th>
                  <th scope="col">{t('deliveries.recipient')}</th>
                  <th scope="col">{t('deliveries.subject')}</th>
                  <th scope="col">{t('deliveries.state')}</th>
                  <th scope="col">{t('deliveries.attempts')}</th>
                  <th scope="col">{t('deliveries.last_error')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('deliveries.actions')}</span>
                  </th>
                </>
              }
            >
              {data.items.map((delivery) => (
                <tr key={delivery.id}>
                  <td>{formatTime(delivery.createdAt)}</td>
                  <td>{t(`deliveries.channel_${delivery.channel}`)}</td>
                  <td>{delivery.recipient}</td>
                  <td>{delivery.subject}</td>
                  <td>
                    <span className="badge">{t(`deliveries.state_${delivery.state}`)}</span>
                  </td>
                  <td>{delivery.attempts}</td>
                  <td className="truncate" title={delivery.lastError ?? undefined}>
                    {delivery.lastError ?? '–'}
                  </td>
                  <td>
                    {delivery.state === 'dead' && (
                      <button
                        type="button"
                        className="btn"
                        onClick={() => void retry(delivery.id)}
                        aria-label={t('deliveries.retry_one', { recipient: delivery.recipient })}
                      >
                        {t('deliveries.retry')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </DataTable>
            <Pager
              label={t('deliveries.title')}
              page={page}
              total={data.total}
              pageSize={pageSize}
              sizes={PAGE_SIZES}
              onPage={setPage}
              onPageSize={setPageSize}
            />
          </>
        )}
      </QueryView>
    </section>
  );
}
