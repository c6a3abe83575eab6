import type { SystemStatus } from '@tessera/contract/api/system';
import { useTranslation } from 'react-i18next';
import { ContactButton } from '../../../ui/contact-button';

function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Spec §2.6: the visitor's IP and country, why access is denied, and a contact button. */
export function RestrictedPage({ status }: { status: SystemStatus }) {
  const { t, i18n } = useTranslation();
  const { ip, country } = status.location;
  return (
    <main
      data-testid="system-restricted"
      className="grid min-h-dvh place-items-center bg-slate-950 p-6 text-center text-slate-100"
    >
      <div className="flex max-w-md flex-col items-center gap-5">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-16 text-rose-400"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M5.6 5.6l12.8 12.8" />
        </svg>
        <h1 className="text-2xl font-semibold">{t('system.restricted.title')}</h1>
        <p className="text-slate-300">{t('system.restricted.message')}</p>
        <dl className="grid w-full grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-xl bg-slate-900 p-4 text-start">
          <dt className="text-slate-400">{t('system.restricted.ip')}</dt>
          <dd className="font-mono break-all">{ip}</dd>
          <dt className="text-slate-400">{t('system.restricted.country')}</dt>
          <dd>{country ? `${countryName(country, i18n.language)} (${country})` : t('system.restricted.country_unknown')}</dd>
        </dl>
        <ContactButton entries={status.info.customerService} />
      </div>
    </main>
  );
}
