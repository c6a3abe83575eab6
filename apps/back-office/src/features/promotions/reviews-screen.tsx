import type { PromotionReviewItem } from '@tessera/contract/api/back-office-promotions';
import * as routes from '@tessera/contract/routes/back-office-promotions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../lib/api';
import { formatTime } from '../../lib/dates';
import { formatMinor } from '../../lib/money';
import { useCall, useInvalidate } from '../../lib/use-call';
import { DataTable, QueryView } from '../../ui/data-table';
import { Field } from '../../ui/field';
import { DoneNotice, ErrorNotice } from '../../ui/states';

/** Why a claim waits: the promotion asks every claim to be reviewed, or what the claimant shares with which account. */
function Reasons({ item }: { item: PromotionReviewItem }) {
  const { t } = useTranslation();
  if (item.flags.length === 0) return <>{t('reviews.manual')}</>;
  return (
    <ul className="plain">
      {item.flags.map((flag) => (
        <li key={`${flag.signal}:${flag.memberId}`}>
          {t(`reviews.signal.${flag.signal}`, { account: flag.account || `#${flag.memberId}` })}
        </li>
      ))}
    </ul>
  );
}

/**
 * Promotion reviews: claims held as `applying` (manual-review promotions, claimants sharing a device, address, mobile
 * or bank account with another claimant, referral rewards between such accounts), oldest first. Approving pays at
 * once up to the four-eyes threshold, above it waits in Approvals for a second staff member; rejecting needs a reason.
 */
export function ReviewsScreen() {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const reviews = useCall(routes.promotionReviews);
  const [rejecting, setRejecting] = useState<PromotionReviewItem | null>(null);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState<unknown>(null);

  const approve = async (item: PromotionReviewItem) => {
    setError(null);
    setNotice('');
    try {
      const outcome = await apiCall(routes.promotionReviewApprove, { body: { claimId: item.claimId } });
      setNotice(outcome.outcome === 'done' ? t('reviews.approved', { account: item.account }) : t('reviews.awaiting_second'));
      await invalidate(routes.promotionReviews);
    } catch (failure) {
      setError(failure);
    }
  };
  const reject = async (item: PromotionReviewItem, reason: string) => {
    setError(null);
    setNotice('');
    try {
      await apiCall(routes.promotionReviewReject, { body: { claimId: item.claimId, reason } });
      setRejecting(null);
      setNotice(t('reviews.rejected', { account: item.account }));
      await invalidate(routes.promotionReviews);
    } catch (failure) {
      setError(failure);
    }
  };

  return (
    <section aria-labelledby="reviews-title">
      <h1 id="reviews-title">{t('reviews.title')}</h1>
      <p className="lead">{t('reviews.intro')}</p>
      {notice && <DoneNotice>{notice}</DoneNotice>}
      {error !== null && <ErrorNotice error={error} />}
      <QueryView query={reviews} isEmpty={(data) => data.items.length === 0} empty={t('reviews.none')}>
        {(data) => (
          <DataTable
            caption={t('reviews.title')}
            busy={reviews.isFetching}
            head={
              <>
                <th scope="col">{t('reviews.col.account')}</th>
                <th scope="col">{t('reviews.col.promotion')}</th>
                <th scope="col">{t('reviews.col.bonus')}</th>
                <th scope="col">{t('reviews.col.why')}</th>
                <th scope="col">{t('reviews.col.since')}</th>
                <th scope="col">{t('reviews.col.actions')}</th>
              </>
            }
          >
            {data.items.map((item) => (
              <tr key={item.claimId} data-testid="review-row">
                <th scope="row">
                  {item.account}
                  {item.referredAccount && (
                    <small className="hint"> {t('reviews.referred', { account: item.referredAccount })}</small>
                  )}
                </th>
                <td>{item.promotionTitle}</td>
                <td>
                  {formatMinor(item.bonusMinor)}
                  {item.depositMinor !== null && (
                    <small className="hint"> {t('reviews.deposit', { amount: formatMinor(item.depositMinor) })}</small>
                  )}
                </td>
                <td>
                  <Reasons item={item} />
                </td>
                <td>{formatTime(item.appliedAt)}</td>
                <td className="actions">
                  {item.awaitingSecond ? (
                    t('reviews.awaiting_second_short')
                  ) : (
                    <>
                      <button
                        type="button"
                        className="btn"
                        aria-label={t('reviews.approve_label', { account: item.account })}
                        onClick={() => void approve(item)}
                      >
                        {t('reviews.approve')}
                      </button>
                      <button
                        type="button"
                        className="btn"
                        aria-label={t('reviews.reject_label', { account: item.account })}
                        onClick={() => setRejecting(item)}
                      >
                        {t('reviews.reject')}
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryView>
      {rejecting && (
        <form
          className="panel"
          aria-labelledby="reject-title"
          onSubmit={(event) => {
            event.preventDefault();
            void reject(rejecting, String(new FormData(event.currentTarget).get('reason') ?? '').trim());
          }}
        >
          <h2 id="reject-title">{t('reviews.reject_title', { account: rejecting.account })}</h2>
          <Field label={t('reviews.reason')} name="reason" required minLength={3} maxLength={500} />
          <div className="actions">
            <button type="submit" className="btn btn-primary">
              {t('reviews.reject')}
            </button>
            <button type="button" className="btn" onClick={() => setRejecting(null)}>
              {t('reviews.cancel')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
