import type { SystemStatus } from '@tessera/contract/api/system';
import { useTranslation } from 'react-i18next';
import { ContactButton } from '../../../ui/contact-button';

/** Spec §2.6: maintenance text, the end time when known (in the player's locale), and a contact button. */
export function MaintenancePage({ status }: { status: SystemStatus }) {
  const { t, i18n } = useTranslation();
  const end = status.maintenanceEnd;
  const endText =
    end === null ? null : new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(end));
  return (
    <main
      data-testid="system-maintenance"
      className="grid min-h-dvh place-items-center bg-slate-950 p-6 text-center text-slate-100"
    >
      <div className="flex max-w-md flex-col items-center gap-5">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-16 text-amber-400"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z" />
        </svg>
        <h1 className="text-2xl font-semibold">{t('system.maintenance.title')}</h1>
        <p className="text-slate-300">{t('system.maintenance.message')}</p>
        <p className="text-slate-300">
          {endText === null ? t('system.maintenance.ends_unknown') : t('system.maintenance.ends_at', { time: endText })}
        </p>
        <ContactButton entries={status.info.customerService} />
      </div>
    </main>
  );
}
