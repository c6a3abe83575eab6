import type { Captcha } from '@tessera/contract/api/accounts';
import { useTranslation } from 'react-i18next';

/** The captcha picture as a button that asks for a new one (at most once per second, see useCaptcha). */
export function CaptchaImage({
  captcha,
  isFailed,
  onRefresh,
}: {
  captcha: Captcha | null;
  isFailed: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onRefresh}
      aria-label={t('accounts.captcha.refresh')}
      title={t('accounts.captcha.refresh')}
      className="grid h-11 w-28 shrink-0 place-items-center overflow-hidden rounded-lg border border-slate-700 bg-slate-100 text-xs text-slate-700"
    >
      {captcha ? (
        <img
          src={`data:image/png;base64,${captcha.image}`}
          alt={t('accounts.captcha.image')}
          className="h-full w-full object-contain"
        />
      ) : (
        <span>{isFailed ? t('accounts.captcha.failed') : t('accounts.captcha.loading')}</span>
      )}
    </button>
  );
}
