import type { MallItemAdmin, MallItemInput, RedemptionAdmin } from '@tessera/contract/api/back-office-loyalty';
import * as routes from '@tessera/contract/routes/back-office-loyalty';
import { REDEMPTION_STATUSES, type RedemptionStatus } from '@tessera/contract/routes/loyalty';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiCall } from '../../lib/api';
import { formatTime } from '../../lib/dates';
import { useCall, useInvalidate } from '../../lib/use-call';
import { DataTable, QueryView } from '../../ui/data-table';
import { Field } from '../../ui/field';
import { DoneNotice, ErrorNotice } from '../../ui/states';

/**
 * The points mall: reward items (names, image, points price, stock, per-member limit, shown or not) and the queue of
 * redemptions, approved or rejected with a remark (a rejection returns the points and the stock). All audited.
 */
export function PointMallScreen() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="point-mall-title">
      <h1 id="point-mall-title">{t('point_mall.title')}</h1>
      <RedemptionQueue />
      <MallItems />
    </section>
  );
}

function RedemptionQueue() {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const [status, setStatus] = useState<RedemptionStatus | ''>('in_process');
  const queue = useCall(routes.redemptionList, status ? { status } : {});
  const [remarks, setRemarks] = useState<Record<string, string>>({});
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState(false);

  const decide = async (row: RedemptionAdmin, decision: 'approve' | 'reject') => {
    setError(null);
    setDone(false);
    try {
      await apiCall(routes.redemptionDecide, { body: { id: row.id, decision, remark: remarks[row.id] ?? '' } });
      setDone(true);
      await invalidate(routes.redemptionList, routes.mallItemList);
    } catch (failure) {
      setError(failure);
    }
  };

  return (
    <section aria-labelledby="redemptions-title" className="panel">
      <h2 id="redemptions-title">{t('point_mall.queue')}</h2>
      <div className="field">
        <label htmlFor="redemption-status">{t('point_mall.filter')}</label>
        <select
          id="redemption-status"
          value={status}
          onChange={(event) => setStatus(event.target.value as RedemptionStatus | '')}
        >
          <option value="">{t('point_mall.all')}</option>
          {REDEMPTION_STATUSES.map((option) => (
            <option key={option} value={option}>
              {t(`point_mall.status.${option}`)}
            </option>
          ))}
        </select>
      </div>
      {error !== null && <ErrorNotice error={error} />}
      {done && <DoneNotice>{t('point_mall.decided')}</DoneNotice>}
      <QueryView query={queue} isEmpty={(data) => data.items.length === 0} empty={t('point_mall.queue_empty')}>
        {(data) => (
          <DataTable
            caption={t('point_mall.queue')}
            busy={queue.isFetching}
            head={
              <>
                <th scope="col">{t('point_mall.col.requested')}</th>
                <th scope="col">{t('point_mall.col.member')}</th>
                <th scope="col">{t('point_mall.col.item')}</th>
                <th scope="col">{t('point_mall.col.quantity')}</th>
                <th scope="col">{t('point_mall.col.price')}</th>
                <th scope="col">{t('point_mall.col.balance')}</th>
                <th scope="col">{t('point_mall.col.status')}</th>
                <th scope="col">{t('point_mall.col.actions')}</th>
              </>
            }
          >
            {data.items.map((row) => (
              <tr key={row.id} data-testid="redemption-row">
                <td>{formatTime(row.createdAt)}</td>
                <th scope="row">{row.account}</th>
                <td>{row.itemName}</td>
                <td>{row.quantity}</td>
                <td>{row.redeemAmount}</td>
                <td>{row.pointsBalance}</td>
                <td>
                  {t(`point_mall.status.${row.status}`)}
                  {row.remark && <small className="hint"> {row.remark}</small>}
                </td>
                <td className="actions">
                  {row.status === 'in_process' && (
                    <>
                      <Field
                        label={t('point_mall.remark_label', { account: row.account })}
                        maxLength={140}
                        value={remarks[row.id] ?? ''}
                        onChange={(event) => setRemarks((all) => ({ ...all, [row.id]: event.target.value }))}
                      />
                      <button type="button" className="btn btn-primary" onClick={() => void decide(row, 'approve')}>
                        {t('point_mall.approve')}
                      </button>
                      <button type="button" className="btn" onClick={() => void decide(row, 'reject')}>
                        {t('point_mall.reject')}
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryView>
    </section>
  );
}

function MallItems() {
  const { t } = useTranslation();
  const items = useCall(routes.mallItemList);
  const [editing, setEditing] = useState<MallItemAdmin | null>(null);
  const [formKey, setFormKey] = useState(0);
  const edit = (item: MallItemAdmin | null) => {
    setEditing(item);
    setFormKey((key) => key + 1);
  };
  return (
    <section aria-labelledby="mall-items-title">
      <h2 id="mall-items-title">{t('point_mall.items')}</h2>
      <QueryView query={items} isEmpty={(data) => data.items.length === 0} empty={t('point_mall.none')}>
        {(data) => (
          <DataTable
            caption={t('point_mall.items')}
            busy={items.isFetching}
            head={
              <>
                <th scope="col">{t('point_mall.col.name')}</th>
                <th scope="col">{t('point_mall.col.price')}</th>
                <th scope="col">{t('point_mall.col.stock')}</th>
                <th scope="col">{t('point_mall.col.limit')}</th>
                <th scope="col">{t('point_mall.col.redeemed')}</th>
                <th scope="col">{t('point_mall.col.active')}</th>
                <th scope="col">{t('point_mall.col.actions')}</th>
              </>
            }
          >
            {data.items.map((item) => (
              <tr key={item.id}>
                <th scope="row">{item.names.en ?? Object.values(item.names)[0]}</th>
                <td>{item.pointsPrice}</td>
                <td>{item.stock}</td>
                <td>{item.perMemberLimit ?? t('point_mall.unlimited')}</td>
                <td>{item.redeemedCount}</td>
                <td>{item.active ? t('point_mall.yes') : t('point_mall.no')}</td>
                <td className="actions">
                  <button type="button" className="btn" onClick={() => edit(item)}>
                    {t('point_mall.edit')}
                  </button>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryView>
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={() => edit(null)}>
          {t('point_mall.new')}
        </button>
      </div>
      <ItemForm key={formKey} editing={editing} />
    </section>
  );
}

function inputOf(data: FormData): MallItemInput {
  const text = (name: string) => String(data.get(name) ?? '').trim();
  const names: Record<string, string> = {};
  for (const language of ['en', 'bn']) if (text(`name_${language}`)) names[language] = text(`name_${language}`);
  return {
    names,
    image: text('image') || null,
    pointsPrice: text('pointsPrice'),
    stock: Number(text('stock')),
    perMemberLimit: text('perMemberLimit') ? Number(text('perMemberLimit')) : null,
    active: data.get('active') === 'on',
  };
}

function ItemForm({ editing }: { editing: MallItemAdmin | null }) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setSaved(false);
    setBusy(true);
    try {
      const input = inputOf(new FormData(event.currentTarget));
      if (editing) await apiCall(routes.mallItemUpdate, { body: { id: editing.id, ...input } });
      else await apiCall(routes.mallItemCreate, { body: input });
      setSaved(true);
      await invalidate(routes.mallItemList);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="panel" onSubmit={(event) => void submit(event)} aria-labelledby="mall-item-form-title">
      <h2 id="mall-item-form-title">{editing ? t('point_mall.form.edit_title') : t('point_mall.form.new_title')}</h2>
      <Field label={t('point_mall.form.name_en')} name="name_en" maxLength={80} defaultValue={editing?.names.en ?? ''} />
      <Field label={t('point_mall.form.name_bn')} name="name_bn" maxLength={80} defaultValue={editing?.names.bn ?? ''} />
      <Field
        label={t('point_mall.form.image')}
        hint={t('point_mall.form.image_hint')}
        name="image"
        maxLength={500}
        defaultValue={editing?.image ?? ''}
      />
      <Field
        label={t('point_mall.form.price')}
        name="pointsPrice"
        inputMode="numeric"
        required
        pattern="[1-9][0-9]*"
        defaultValue={editing?.pointsPrice ?? ''}
      />
      <Field label={t('point_mall.form.stock')} name="stock" type="number" min={0} required defaultValue={editing?.stock ?? 0} />
      <Field
        label={t('point_mall.form.limit')}
        hint={t('point_mall.form.limit_hint')}
        name="perMemberLimit"
        type="number"
        min={1}
        defaultValue={editing?.perMemberLimit ?? ''}
      />
      <div className="field">
        <label>
          <input type="checkbox" name="active" defaultChecked={editing?.active ?? true} /> {t('point_mall.form.active')}
        </label>
      </div>
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
      {saved && <DoneNotice>{t('point_mall.form.saved')}</DoneNotice>}
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={isBusy}>
          {editing ? t('point_mall.form.save') : t('point_mall.form.create')}
        </button>
      </div>
    </form>
  );
}
