import * as routes from '@tessera/contract/routes/back-office';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../lib/api';
import { formatTime } from '../../lib/dates';
import { useCall, useInvalidate } from '../../lib/use-call';
import { DataTable, QueryView } from '../../ui/data-table';
import { DoneNotice, ErrorNotice } from '../../ui/states';

/** The staff member's own live sessions, each but this one revocable. */
export function SessionsScreen() {
  const { t } = useTranslation();
  const sessions = useCall(routes.sessions);
  const invalidate = useInvalidate();
  const [error, setError] = useState<unknown>(null);
  const [revoked, setRevoked] = useState(false);

  const revoke = async (id: string) => {
    setError(null);
    setRevoked(false);
    try {
      await apiCall(routes.revokeSession, { body: { id } });
      await invalidate(routes.sessions);
      setRevoked(true);
    } catch (failure) {
      setError(failure);
    }
  };

  return (
    <section aria-labelledby="sessions-title">
      <h1 id="sessions-title">{t('sessions.title')}</h1>
      <p className="lead">{t('sessions.intro')}</p>
      {error !== null && <ErrorNotice error={error} />}
      {revoked && <DoneNotice>{t('sessions.revoked')}</DoneNotice>}
      <QueryView query={sessions} isEmpty={(data) => data.length === 0} empty={t('sessions.empty')}>
        {(data) => (
          <DataTable
            caption={t('sessions.title')}
            head={
              <>
                <th scope="col">{t('sessions.started')}</th>
                <th scope="col">{t('sessions.last_seen')}</th>
                <th scope="col">{t('sessions.from')}</th>
                <th scope="col">{t('sessions.device')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('sessions.actions')}</span>
                </th>
              </>
            }
          >
            {data.map((session) => (
              <tr key={session.id}>
                <td>{formatTime(session.createdAt)}</td>
                <td>{formatTime(session.lastSeenAt)}</td>
                <td>{session.ip ?? '–'}</td>
                <td className="truncate" title={session.userAgent ?? undefined}>
                  {session.userAgent ?? '–'}
                </td>
                <td>
                  {session.current ? (
                    <span className="badge">{t('sessions.this_one')}</span>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-danger"
                      onClick={() => void revoke(session.id)}
                      aria-label={t('sessions.revoke_one', {
                        from: session.ip ?? '–',
                        started: formatTime(session.createdAt),
                      })}
                    >
                      {t('sessions.revoke')}
                    </button>
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
