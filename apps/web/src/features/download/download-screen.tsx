import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Page } from '../../ui/page';
import { useSystemStatus } from '../system/api/get-system-status';

/** App download: the operator's app resources (spec §3 resources: url, qrCodeUrl, labels). */
export function Screen() {
  const { t } = useTranslation();
  const { info } = useSystemStatus();
  const apps = info.resources.filter((resource) => resource.url && /APP/i.test(resource.resourceType));
  return (
    <Page title={t('routes.download')} intro={t('download.intro')}>
      {apps.length === 0 ? (
        <EmptyState title={t('download.empty')} />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {apps.map((app) => {
            const label = app.labelNameEn || app.resourceType;
            return (
              <li
                key={app.resourceType}
                className="flex flex-col items-center gap-3 rounded-2xl border border-slate-800 bg-slate-900/60 p-5"
              >
                <h2 className="font-semibold">{label}</h2>
                {app.qrCodeUrl && (
                  <figure className="flex flex-col items-center gap-1">
                    <img
                      src={app.qrCodeUrl}
                      alt=""
                      width="160"
                      height="160"
                      className="size-40 rounded-lg bg-white p-2"
                      loading="lazy"
                    />
                    <figcaption className="text-xs text-slate-400">{t('download.scan')}</figcaption>
                  </figure>
                )}
                <a href={app.url} className={buttonClass('primary')} rel="noopener">
                  {t('download.open')} — {label}
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </Page>
  );
}
