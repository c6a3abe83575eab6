import type { ParseKeys } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { promptInstall, useInstallState } from '../../lib/install-prompt';
import { useSystemStatus } from '../../lib/system-status';
import { Button, buttonClass } from '../../ui/button';
import { Page } from '../../ui/page';
import { QrCode } from '../../ui/qr-code';

const PLATFORMS: { id: string; titleKey: ParseKeys; stepKeys: ParseKeys[] }[] = [
  {
    id: 'android',
    titleKey: 'download.android.title',
    stepKeys: ['download.android.step1', 'download.android.step2', 'download.android.step3'],
  },
  { id: 'ios', titleKey: 'download.ios.title', stepKeys: ['download.ios.step1', 'download.ios.step2', 'download.ios.step3'] },
  {
    id: 'desktop',
    titleKey: 'download.desktop.title',
    stepKeys: ['download.desktop.step1', 'download.desktop.step2', 'download.desktop.step3'],
  },
];

function InstallCard() {
  const { t } = useTranslation();
  const state = useInstallState();
  const [outcome, setOutcome] = useState<'accepted' | 'dismissed' | 'unavailable' | null>(null);
  const handleInstall = async () => setOutcome(await promptInstall());
  return (
    <section
      aria-labelledby="install-title"
      className="flex flex-col gap-3 rounded-2xl border border-slate-800 bg-gradient-to-br from-indigo-950 to-slate-900 p-5"
    >
      <div className="flex items-center gap-4">
        <img src="/icons/icon-192.png" alt="" width="56" height="56" className="size-14 rounded-xl" />
        <div>
          <h2 id="install-title" className="text-lg font-semibold">
            {t('download.install_title')}
          </h2>
          <p className="text-sm text-slate-300">{t('download.install_text')}</p>
        </div>
      </div>
      {state === 'installed' ? (
        <p role="status" className="font-semibold text-emerald-300">
          {t('download.installed')}
        </p>
      ) : state === 'available' ? (
        <Button className="self-start px-6" onClick={() => void handleInstall()}>
          {t('download.install')}
        </Button>
      ) : (
        <p className="text-sm text-slate-300">{t('download.install_manual')}</p>
      )}
      {outcome === 'dismissed' && (
        <p role="status" className="text-sm text-slate-400">
          {t('download.install_dismissed')}
        </p>
      )}
    </section>
  );
}

/** App download (/down, /download): install the site as an app (PWA), a QR code of its address, and any apps the operator lists. */
export function Screen() {
  const { t } = useTranslation();
  const { info } = useSystemStatus();
  const address = `${window.location.origin}/`;
  const apps = info.resources.filter((resource) => resource.url && /APP/i.test(resource.resourceType));
  return (
    <Page title={t('routes.download')} intro={t('download.intro')}>
      <div className="grid gap-5 md:grid-cols-[1fr_auto]">
        <InstallCard />
        <figure className="flex flex-col items-center gap-2 rounded-2xl border border-slate-800 bg-slate-900/60 p-5">
          <QrCode text={address} label={t('download.qr_label', { address })} className="size-40" />
          <figcaption className="text-center text-xs text-slate-400">
            {t('download.scan')}
            <span className="mt-1 block font-mono break-all text-slate-300">{address}</span>
          </figcaption>
        </figure>
      </div>
      <section aria-labelledby="install-how" className="flex flex-col gap-3">
        <h2 id="install-how" className="text-lg font-semibold">
          {t('download.how_title')}
        </h2>
        <div className="grid gap-4 md:grid-cols-3">
          {PLATFORMS.map((platform) => (
            <article key={platform.id} className="rounded-2xl border border-slate-800 bg-slate-900/60 p-4">
              <h3 className="mb-2 font-semibold text-amber-300">{t(platform.titleKey)}</h3>
              <ol className="list-decimal space-y-1 ps-5 text-sm text-slate-300">
                {platform.stepKeys.map((key) => (
                  <li key={key}>{t(key)}</li>
                ))}
              </ol>
            </article>
          ))}
        </div>
      </section>
      {apps.length > 0 && (
        <section aria-labelledby="operator-apps" className="flex flex-col gap-3">
          <h2 id="operator-apps" className="text-lg font-semibold">
            {t('download.apps_title')}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2">
            {apps.map((app) => {
              const label = app.labelNameEn || app.resourceType;
              return (
                <li
                  key={app.resourceType}
                  className="flex flex-col items-center gap-3 rounded-2xl border border-slate-800 bg-slate-900/60 p-5"
                >
                  <h3 className="font-semibold">{label}</h3>
                  {app.qrCodeUrl && (
                    <img
                      src={app.qrCodeUrl}
                      alt=""
                      width="160"
                      height="160"
                      className="size-40 rounded-lg bg-white p-2"
                      loading="lazy"
                    />
                  )}
                  <a href={app.url} className={buttonClass('primary')} rel="noopener">
                    {t('download.open')} — {label}
                  </a>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </Page>
  );
}
