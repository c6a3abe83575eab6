import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { localDigits } from '@tessera/contract/money-format';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { Button } from '../../../ui/button';
import { ListStates } from '../../../ui/list-page/list-states';
import { loginHistoryQuery, signOutOtherSessions } from '../api/security-calls';

/** The member's recent sign-ins (time, address, country, device) and "sign out other sessions". */
export function LoginHistory({ sectionClass, headingClass }: { sectionClass: string; headingClass: string }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const query = useQuery(loginHistoryQuery());
  const signOut = useMutation({
    mutationFn: signOutOtherSessions,
    onSuccess: () => void client.invalidateQueries({ queryKey: ['security', 'logins'] }),
  });
  const regionName = (code: string) => new Intl.DisplayNames([i18n.language], { type: 'region' }).of(code) ?? code;
  return (
    <section className={sectionClass} aria-labelledby="login-history" data-testid="login-history">
      <h3 id="login-history" className={headingClass}>
        {t('security.logins.title')}
      </h3>
      <ListStates
        query={query}
        isEmpty={(data) => data.length === 0}
        empty={<p className="text-sm text-slate-400">{t('security.logins.empty')}</p>}
      >
        {(records) => (
          <ul className="flex flex-col divide-y divide-slate-800 text-sm">
            {records.map((record) => (
              <li
                key={`${record.at}-${record.ip}`}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2"
              >
                <span className="text-slate-100">
                  {formatDateTime(record.at)}
                  {record.current && (
                    <span className="ms-2 rounded bg-emerald-500/15 px-1.5 py-0.5 text-xs text-emerald-300">
                      {t('security.logins.this_device')}
                    </span>
                  )}
                  {!record.current && record.live && (
                    <span className="ms-2 rounded bg-amber-400/15 px-1.5 py-0.5 text-xs text-amber-300">
                      {t('security.logins.signed_in')}
                    </span>
                  )}
                </span>
                <span className="text-slate-400">
                  {[
                    record.device ?? t('security.logins.unknown_device'),
                    record.ip ?? '—',
                    record.country ? regionName(record.country) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </ListStates>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
          {t('security.logins.sign_out_others')}
        </Button>
        <p role="status" className="text-sm text-slate-300">
          {signOut.data && t('security.logins.signed_out', { count: localDigits(String(signOut.data.ended), i18n.language) })}
        </p>
        {signOut.error && (
          <p role="alert" className="text-sm text-rose-300">
            {t(errorMessageKey(signOut.error))}
          </p>
        )}
      </div>
    </section>
  );
}
