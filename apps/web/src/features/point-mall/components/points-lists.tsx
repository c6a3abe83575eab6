import { useQuery } from '@tanstack/react-query';
import { LOYALTY_PAGE_SIZE, type PointsEntryType, type RedemptionStatus } from '@tessera/contract/routes/loyalty';
import type { ParseKeys } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { EmptyState } from '../../../ui/empty-state';
import { LoadFailed, Loading } from '../../../ui/list-page/list-states';
import { Pagination } from '../../../ui/list-page/pagination';
import { RowList } from '../../../ui/list-page/row-list';
import { pointDetailsQuery, redemptionsQuery } from '../api/points';
import { usePoints } from './use-points';

const STATUS_KEYS: Record<RedemptionStatus, ParseKeys> = {
  in_process: 'point_mall.status.in_process',
  approved: 'point_mall.status.approved',
  rejected: 'point_mall.status.rejected',
};
const STATUS_CLASS: Record<RedemptionStatus, string> = {
  in_process: 'text-amber-300',
  approved: 'text-emerald-300',
  rejected: 'text-rose-300',
};
const ENTRY_KEYS: Record<PointsEntryType, ParseKeys> = {
  earn: 'point_mall.entry.earn',
  redeem: 'point_mall.entry.redeem',
  refund: 'point_mall.entry.refund',
  convert: 'point_mall.entry.convert',
};

const pages = (total: number) => Math.max(1, Math.ceil(total / LOYALTY_PAGE_SIZE));

/** Redeem history: each redemption with its status (in process, approved, rejected) and the operator's remark. */
export function RedeemHistory() {
  const { t } = useTranslation();
  const token = useSession((state) => state.token);
  const points = usePoints();
  const [page, setPage] = useState(1);
  const list = useQuery(redemptionsQuery(token, page));
  if (list.isPending) return <Loading />;
  if (list.isError) return <LoadFailed onRetry={() => void list.refetch()} />;
  if (list.data.total === 0)
    return <EmptyState title={t('point_mall.history_empty')} text={t('point_mall.history_empty_hint')} />;
  return (
    <div className="flex flex-col gap-3">
      <RowList
        label={t('point_mall.history')}
        rows={list.data.list}
        rowKey={(row) => row.id}
        rowClassName="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm"
      >
        {(row) => (
          <>
            <span className="text-slate-200">
              {t('point_mall.history_line', { name: row.itemName, quantity: row.quantity })}
              <span className="block text-xs text-slate-400">
                {formatDateTime(row.createdAt)} · {t('point_mall.price', { points: points(row.redeemAmount) })}
              </span>
              {row.remark && (
                <span className="block text-xs text-slate-400">{t('point_mall.remark', { remark: row.remark })}</span>
              )}
            </span>
            <span className={`font-semibold ${STATUS_CLASS[row.status]}`} data-testid="redemption-status">
              {t(STATUS_KEYS[row.status])}
            </span>
          </>
        )}
      </RowList>
      <Pagination current={page} total={pages(list.data.total)} hrefFor={(n) => `?tab=history&page=${n}`} onNavigate={setPage} />
    </div>
  );
}

/** Points details: every change of the balance, with the balance after it. */
export function PointsDetails() {
  const { t } = useTranslation();
  const token = useSession((state) => state.token);
  const points = usePoints();
  const [page, setPage] = useState(1);
  const list = useQuery(pointDetailsQuery(token, page));
  if (list.isPending) return <Loading />;
  if (list.isError) return <LoadFailed onRetry={() => void list.refetch()} />;
  if (list.data.total === 0)
    return <EmptyState title={t('point_mall.details_empty')} text={t('point_mall.details_empty_hint')} />;
  return (
    <div className="flex flex-col gap-3">
      <RowList
        label={t('point_mall.details')}
        rows={list.data.list}
        rowKey={(row) => row.id}
        rowClassName="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm"
      >
        {(row) => (
          <>
            <span className="text-slate-200">
              {t(ENTRY_KEYS[row.type])}
              {row.remark && <span className="text-slate-400"> · {row.remark}</span>}
              <span className="block text-xs text-slate-400">{formatDateTime(row.time)}</span>
            </span>
            <span className="text-end">
              <span
                className={`block font-semibold tabular-nums ${row.changedPoints.startsWith('-') ? 'text-rose-300' : 'text-emerald-300'}`}
                data-testid="points-change"
              >
                {row.changedPoints.startsWith('-') ? `−${points(row.changedPoints.slice(1))}` : `+${points(row.changedPoints)}`}
              </span>
              <span className="block text-xs text-slate-400">
                {t('point_mall.balance_after', { points: points(row.pointsBalance) })}
              </span>
            </span>
          </>
        )}
      </RowList>
      <Pagination current={page} total={pages(list.data.total)} hrefFor={(n) => `?tab=details&page=${n}`} onNavigate={setPage} />
    </div>
  );
}
