import type { LotteryDraw, LotterySession } from '@tessera/contract/api/lottery';
import { ApiError } from '../api.js';
import { t } from './i18n.js';

/** What the page's panels share: the session, money formatting and the few events between them. */
export interface LotteryContext {
  session: LotterySession;
  money: (minor: string | bigint) => string;
  /** The draw taking bets now, if any. */
  openDraw: () => LotteryDraw | null;
  /** A slip was bought: the server's balance after it and the stake it cost. */
  onBought: (balance: bigint, stake: bigint) => void;
  /** Tickets settled since the page last looked: what they paid (stakes of void tickets included). */
  onPaid: (payout: bigint) => void;
  announce: (text: string) => void;
  refreshDraws: () => void;
  refreshTickets: () => void;
}

/** A refusal in the player's words, from the server's code (the catalogue's message keys have these meanings). */
export function errorText(error: unknown): string {
  const code = error instanceof ApiError ? error.code : '';
  if (code === 'game.session.invalid' || code === 'login.not.session') return t('sessionEnded');
  if (code === 'wallet.insufficient.funds') return t('insufficient');
  if (code.startsWith('rg.excluded')) return t('excluded');
  if (code === 'game.maintenance') return t('maintenance');
  if (code === 'lottery.draw.closed' || code === 'lottery.draw.not.found') return t('errClosed');
  if (code === 'lottery.bet.invalid') return t('errInvalid');
  return t('error');
}
