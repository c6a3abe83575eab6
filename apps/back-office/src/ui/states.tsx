import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** What a screen shows while its data loads. */
export function Loading() {
  const { t } = useTranslation();
  return (
    <p className="state" role="status">
      {t('states.loading')}
    </p>
  );
}

/** What a table shows when there is nothing to list. */
export function Empty({ children }: { children: ReactNode }) {
  return <p className="state">{children}</p>;
}

/** A failed load or action, with its message and, for loads, a way to try again. */
export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const key =
    typeof error === 'object' && error !== null && 'messageKey' in error ? String(error.messageKey) : 'errors.system_error';
  return (
    <div className="notice notice-error" role="alert">
      <span>{t(key, { defaultValue: t('errors.system_error') })}</span>
      {onRetry && (
        <button type="button" className="btn" onClick={onRetry}>
          {t('states.retry')}
        </button>
      )}
    </div>
  );
}

/**
 * What an action did, read out and focused when it appears: the control acted on may have left with its row (an
 * approved deposit leaves the pending queue), and the focus must not fall back to the top of the page.
 */
export function DoneNotice({ children }: { children: ReactNode }) {
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (children) notice.current?.focus();
  }, [children]);
  return (
    <p ref={notice} className="notice notice-success" role="status" tabIndex={-1}>
      {children}
    </p>
  );
}
