import { useTranslation } from 'react-i18next';
import type { BotCheck } from './use-bot-check';

/**
 * What the bot check is doing; nothing to click unless it failed. The
 * form waits for the work on submit, so the player never has to.
 */
export function BotCheckBadge({ check }: { check: BotCheck }) {
  const { t } = useTranslation();
  if (check.status === 'off') return null;
  return (
    <div className="flex min-h-11 items-center gap-3 rounded-md border border-slate-700 bg-slate-900/60 px-3 py-2 text-sm">
      {check.status === 'solving' && (
        <span
          aria-hidden="true"
          className="size-4 shrink-0 animate-spin rounded-full border-2 border-slate-600 border-t-amber-400"
        />
      )}
      {check.status === 'solved' && (
        <span aria-hidden="true" className="shrink-0 font-bold text-emerald-400">
          ✓
        </span>
      )}
      {check.status === 'failed' && (
        <span aria-hidden="true" className="shrink-0 font-bold text-rose-300">
          !
        </span>
      )}
      {/* A status only while working (like every loading state of the site), an alert when it failed. */}
      {check.status === 'solving' && (
        <p role="status" className="flex-1 text-slate-200">
          {t('accounts.bot_check.solving')}
        </p>
      )}
      {check.status === 'solved' && <p className="flex-1 text-slate-200">{t('accounts.bot_check.solved')}</p>}
      {check.status === 'failed' && (
        <p role="alert" className="flex-1 text-slate-200">
          {t('accounts.bot_check.failed')}
        </p>
      )}
      {check.status === 'failed' && (
        <button type="button" className="min-h-11 px-2 text-amber-300 hover:underline" onClick={check.reset}>
          {t('accounts.bot_check.retry')}
        </button>
      )}
    </div>
  );
}
