import { useIsFetching } from '@tanstack/react-query';
import { formatMinor } from '@tessera/contract/money-format';
import { useTranslation } from 'react-i18next';
import { useSystemStatus } from '../../../lib/system-status';
import { useShell } from '../../../ui/shell-store';
import { useBalance } from '../api/balance';
import { useBalancePrivacy } from '../privacy-store';

const REFRESH_PATH = 'M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7';
const EYE_PATH = 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6z';
const EYE_OFF_PATH =
  'M3 3l18 18M10.6 5.1A10.9 10.9 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-3.2 4.1M6.6 6.6A17.4 17.4 0 0 0 2 12s3.5 7 10 7a9.7 9.7 0 0 0 4.4-1';

/**
 * The header balance (spec §2.2, §3, §4): a placeholder until the balance has been read, a refresh control, and
 * live updates from the stream. The digits hide on the player's request and while the side menu is open.
 */
export function BalanceSlot() {
  const { t, i18n } = useTranslation();
  const { product } = useSystemStatus();
  const balance = useBalance();
  const isRefreshing = useIsFetching({ queryKey: ['wallet', 'balance'] }) > 0;
  const isHidden = useBalancePrivacy((state) => state.isHidden);
  const toggle = useBalancePrivacy((state) => state.toggled);
  const isMenuOpen = useShell((state) => state.isMenuOpen);
  const value = balance.data;
  const symbol = value?.currencySymbol ?? product.currency.symbol;
  const showDigits = value !== undefined && !isHidden && !isMenuOpen;

  return (
    <div className="flex shrink-0 items-center gap-0.5 rounded-lg bg-slate-900 ps-2 text-sm" data-testid="header-balance">
      <span className="font-semibold whitespace-nowrap text-amber-300" aria-live="polite">
        <span className="sr-only">{t('accounts.balance.label')}: </span>
        {symbol}{' '}
        {showDigits ? (
          <span data-testid="header-balance-amount">{formatMinor(value.sumBalance, value.minorDigits, i18n.language)}</span>
        ) : (
          <>
            <span aria-hidden="true">{value === undefined ? '---' : '****'}</span>
            <span className="sr-only">{value === undefined ? t('accounts.balance.unknown') : t('wallet.balance.hidden')}</span>
          </>
        )}
        {/* On phones the words would push the deposit button out of the header: read out, not shown. */}
        {value?.playMoney && (
          <span className="ms-1 text-xs font-normal text-slate-400 sr-only sm:not-sr-only">{t('wallet.balance.play_money')}</span>
        )}
      </span>
      <button
        type="button"
        aria-label={isHidden ? t('wallet.balance.show') : t('wallet.balance.hide')}
        aria-pressed={isHidden}
        title={isHidden ? t('wallet.balance.show') : t('wallet.balance.hide')}
        onClick={toggle}
        className="hidden size-9 shrink-0 place-items-center rounded-lg text-slate-300 hover:bg-slate-800 sm:grid"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8">
          <path d={isHidden ? EYE_OFF_PATH : EYE_PATH} />
        </svg>
      </button>
      <button
        type="button"
        aria-label={t('accounts.balance.refresh')}
        title={t('accounts.balance.refresh')}
        disabled={isRefreshing}
        onClick={() => void balance.refetch()}
        data-testid="balance-refresh"
        className="grid size-9 shrink-0 place-items-center rounded-lg text-slate-300 hover:bg-slate-800 disabled:opacity-50"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className={`size-5 ${isRefreshing ? 'animate-spin' : ''}`}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        >
          <path d={REFRESH_PATH} />
        </svg>
      </button>
    </div>
  );
}
