import type { SystemStatus } from '@tessera/contract/api/system';
import { useTranslation } from 'react-i18next';
import { ContactButton } from '../../../ui/contact-button';

/** Spec §8: the site was opened from an address the merchant does not list. */
export function DomainCheckPage({ status }: { status: SystemStatus }) {
  const { t } = useTranslation();
  return (
    <main
      data-testid="system-domain-check"
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
          <path d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18" />
        </svg>
        <h1 className="text-2xl font-semibold">{t('system.domain.title')}</h1>
        <p role="alert" className="text-slate-300">
          {t('system.domain.message')}
        </p>
        <p className="font-mono text-sm break-all text-slate-400">{window.location.host}</p>
        <ContactButton entries={status.info.customerService} />
      </div>
    </main>
  );
}
