import { CATALOGUE_STATUSES, type CatalogueStatus } from '@tessera/contract/catalogue/categories';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface CatalogueChange {
  status?: CatalogueStatus;
  sortOrder?: number;
  hot?: boolean;
}

/** The editable cells of a vendor or game row: status, order and hot flag, each saved on its own. */
export function RowControls({
  name,
  status,
  sortOrder,
  hot,
  onChange,
}: {
  name: string;
  status: CatalogueStatus;
  sortOrder: number;
  hot: boolean;
  onChange: (change: CatalogueChange) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const save = async (change: CatalogueChange) => {
    setBusy(true);
    try {
      await onChange(change);
    } finally {
      setBusy(false);
    }
  };
  const saveOrder = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = Number(new FormData(event.currentTarget).get('order'));
    if (Number.isInteger(value) && value !== sortOrder) void save({ sortOrder: value });
  };
  return (
    <>
      <td>
        <select
          aria-label={t('games.status_of', { name })}
          value={status}
          disabled={busy}
          onChange={(event) => void save({ status: event.target.value as CatalogueStatus })}
        >
          {CATALOGUE_STATUSES.map((option) => (
            <option key={option} value={option}>
              {t(`games.status.${option}`)}
            </option>
          ))}
        </select>
      </td>
      <td>
        <form className="row-actions" onSubmit={saveOrder} key={sortOrder}>
          <input
            name="order"
            type="number"
            min={0}
            max={1_000_000}
            step={1}
            required
            defaultValue={sortOrder}
            aria-label={t('games.order_of', { name })}
            className="order-input"
          />
          <button type="submit" className="btn btn-small" disabled={busy}>
            {t('games.set_order')}
          </button>
        </form>
      </td>
      <td>
        <input
          type="checkbox"
          checked={hot}
          disabled={busy}
          aria-label={t('games.hot_of', { name })}
          onChange={(event) => void save({ hot: event.target.checked })}
        />
      </td>
    </>
  );
}
