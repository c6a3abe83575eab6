import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Spinner } from './spinner';

/** A screen's loading and failed-to-load states (the failure offers a retry). */
export function Loading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="grid min-h-40 place-items-center">
      <Spinner />
      <span className="sr-only">{t('app.screen_loading')}</span>
    </div>
  );
}

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-rose-300">
      {t('records.load_failed')}
      <Button variant="secondary" onClick={onRetry}>
        {t('app.boot.retry')}
      </Button>
    </div>
  );
}
