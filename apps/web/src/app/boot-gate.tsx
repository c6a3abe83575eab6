import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { isDomainAllowed } from '../features/system/domain-check';
import { bootMessage } from '../i18n/boot-messages';
import { guessLanguage } from '../i18n/language-state';
import { pickLanguage } from '../i18n/languages';
import { localeQuery } from '../i18n/locale-query';
import { storage } from '../lib/storage';
import { systemStatusQuery } from '../lib/system-status';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';

const MaintenancePage = lazy(() =>
  import('../features/system/components/maintenance-page').then((m) => ({ default: m.MaintenancePage })),
);
const DomainCheckPage = lazy(() =>
  import('../features/system/components/domain-check-page').then((m) => ({ default: m.DomainCheckPage })),
);
const RestrictedPage = lazy(() =>
  import('../features/system/components/restricted-page').then((m) => ({ default: m.RestrictedPage })),
);

export function BootLoading({ language }: { language: string }) {
  return (
    <div role="status" className="grid min-h-dvh place-items-center bg-slate-950">
      <Spinner />
      <span className="sr-only">{bootMessage('loading', language)}</span>
    </div>
  );
}

function NetworkError({ language, onRetry }: { language: string; onRetry: () => void }) {
  // Opened offline (the service worker serves this shell): try again by itself once the connection is back.
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
  return (
    <main
      data-testid="boot-network-error"
      className="grid min-h-dvh place-items-center bg-slate-950 p-6 text-center text-slate-100"
    >
      <div className="flex max-w-sm flex-col items-center gap-4">
        <img src="/icons/icon-192.png" alt="" width="64" height="64" className="size-16 rounded-2xl" />
        <p role="alert" className="text-base">
          {bootMessage('network_error', language)}
        </p>
        <Button onClick={onRetry}>{bootMessage('retry', language)}</Button>
      </div>
    </main>
  );
}

/**
 * Spec §1/§4: on start the site loads its status and settings first, then shows the normal site, the
 * maintenance page (status 1) or the region/IP restriction page (status 2). The language chunk is fetched in
 * parallel (a guess from storage) and corrected once the server names the languages it supports.
 */
export function BootGate({ children }: { children: ReactNode }) {
  const status = useQuery(systemStatusQuery());
  const language = status.data ? pickLanguage(status.data.product, storage.get('lang')) : guessLanguage();
  const locale = useQuery(localeQuery(language));

  if (status.isError || (locale.isError && locale.data === undefined)) {
    const handleRetry = () => {
      if (status.isError) void status.refetch();
      if (locale.isError) void locale.refetch();
    };
    return <NetworkError language={language} onRetry={handleRetry} />;
  }
  if (!status.data || locale.data === undefined || (locale.isPlaceholderData && locale.isFetching)) {
    return <BootLoading language={language} />;
  }

  const loading = <BootLoading language={language} />;
  if (status.data.status === 1) {
    return (
      <Suspense fallback={loading}>
        <MaintenancePage status={status.data} />
      </Suspense>
    );
  }
  if (status.data.status === 2) {
    return (
      <Suspense fallback={loading}>
        <RestrictedPage status={status.data} />
      </Suspense>
    );
  }
  if (!isDomainAllowed(window.location, status.data.info.domainRoute)) {
    return (
      <Suspense fallback={loading}>
        <DomainCheckPage status={status.data} />
      </Suspense>
    );
  }
  return children;
}
