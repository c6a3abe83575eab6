/** TESTV's own game page: a coin flip, server-rendered (no script), in the launch language (en or bn). */

const TEXT = {
  en: {
    title: 'Coin flip (TESTV)',
    balance: 'Balance',
    stake: 'Stake',
    heads: 'Bet on heads',
    tails: 'Bet on tails',
    won: 'The coin shows {side}: you won {amount}.',
    lost: 'The coin shows {side}: you lost.',
    refused: 'The bet was refused: {status}.',
    heads_side: 'heads',
    tails_side: 'tails',
  },
  bn: {
    title: 'কয়েন টস (TESTV)',
    balance: 'ব্যালেন্স',
    stake: 'বাজি',
    heads: 'হেডে বাজি',
    tails: 'টেলে বাজি',
    won: 'কয়েন পড়েছে {side}: আপনি {amount} জিতেছেন।',
    lost: 'কয়েন পড়েছে {side}: আপনি হেরেছেন।',
    refused: 'বাজি গ্রহণ হয়নি: {status}।',
    heads_side: 'হেড',
    tails_side: 'টেল',
  },
} as const;

export type Language = keyof typeof TEXT;
export const STAKES_MINOR = [100n, 500n, 1000n] as const;

export interface Outcome {
  side: 'heads' | 'tails';
  winMinor: bigint;
}

export interface PageState {
  session: string;
  language: Language;
  currency: string;
  balanceMinor: bigint | null;
  outcome?: Outcome;
  refusedStatus?: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
const money = (minor: bigint, currency: string) => `${(Number(minor) / 100).toFixed(2)} ${currency}`;

export function renderGamePage(state: PageState): string {
  const t = TEXT[state.language];
  const fill = (template: string, values: Record<string, string>) =>
    template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
  let result = '';
  if (state.refusedStatus) result = fill(t.refused, { status: state.refusedStatus });
  else if (state.outcome) {
    const side = state.outcome.side === 'heads' ? t.heads_side : t.tails_side;
    result =
      state.outcome.winMinor > 0n
        ? fill(t.won, { side, amount: money(state.outcome.winMinor, state.currency) })
        : fill(t.lost, { side });
  }
  const stakes = STAKES_MINOR.map(
    (stake, i) =>
      `<label><input type="radio" name="stake" value="${stake}"${i === 0 ? ' checked' : ''}> ${escapeHtml(money(stake, state.currency))}</label>`,
  ).join(' ');
  return `<!doctype html>
<html lang="${state.language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:1rem auto;padding:0 1rem}button{font-size:1rem;padding:.75rem 1rem;margin:.25rem}</style></head>
<body>
<h1>${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.balance)}: <output id="balance">${state.balanceMinor === null ? '—' : escapeHtml(money(state.balanceMinor, state.currency))}</output></p>
<p role="status">${escapeHtml(result)}</p>
<form method="post" action="/game/flip">
<input type="hidden" name="session" value="${escapeHtml(state.session)}">
<fieldset><legend>${escapeHtml(t.stake)}</legend>${stakes}</fieldset>
<button type="submit" name="pick" value="heads">${escapeHtml(t.heads)}</button>
<button type="submit" name="pick" value="tails">${escapeHtml(t.tails)}</button>
</form>
</body>
</html>`;
}

export const isLanguage = (value: string): value is Language => value in TEXT;
