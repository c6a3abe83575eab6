/** TESTPSP's hosted payment page: server-rendered (no script), in the payment's language (en or bn). */

const TEXT = {
  en: {
    title: 'TestPay wallet',
    pay_to: 'Pay {merchant}',
    amount: 'Amount',
    wallet: 'Wallet number',
    pin: 'PIN',
    confirm: 'Confirm payment',
    cancel: 'Cancel',
    expires: 'Pay before {time} UTC.',
    paid: 'Payment successful. Transaction ID: {trx}. You can close this page and go back to the site.',
    failed: 'The payment did not go through. Nothing was taken from your wallet. Go back to the site to try again.',
    expired: 'This payment request has expired. Go back to the site to start a new one.',
    invalid: 'Enter your wallet number (11 digits) and your PIN (4 to 6 digits).',
    stand_in: 'Test stand-in: no real money moves.',
  },
  bn: {
    title: 'টেস্টপে ওয়ালেট',
    pay_to: '{merchant}-কে পেমেন্ট',
    amount: 'পরিমাণ',
    wallet: 'ওয়ালেট নম্বর',
    pin: 'পিন',
    confirm: 'পেমেন্ট নিশ্চিত করুন',
    cancel: 'বাতিল',
    expires: '{time} UTC-এর আগে পেমেন্ট করুন।',
    paid: 'পেমেন্ট সফল হয়েছে। লেনদেন আইডি: {trx}। এই পাতাটি বন্ধ করে সাইটে ফিরে যান।',
    failed: 'পেমেন্ট সম্পন্ন হয়নি। আপনার ওয়ালেট থেকে কিছু কাটা হয়নি। আবার চেষ্টা করতে সাইটে ফিরে যান।',
    expired: 'এই পেমেন্ট অনুরোধের মেয়াদ শেষ। নতুন করে শুরু করতে সাইটে ফিরে যান।',
    invalid: 'আপনার ওয়ালেট নম্বর (১১ অঙ্ক) ও পিন (৪ থেকে ৬ অঙ্ক) লিখুন।',
    stand_in: 'পরীক্ষামূলক বিকল্প: কোনো আসল টাকা লেনদেন হয় না।',
  },
} as const;

export type Language = keyof typeof TEXT;
export const isLanguage = (value: string): value is Language => value in TEXT;

export interface PageView {
  paymentId: string;
  merchantId: string;
  language: Language;
  amount: bigint;
  currency: string;
  expiresAt: number;
  state: 'created' | 'processing' | 'paid' | 'failed' | 'expired';
  trxId: string | null;
  invalid?: boolean;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => escapeHtml(values[key] ?? ''));
const money = (minor: bigint, currency: string) =>
  `${currency} ${(minor / 100n).toLocaleString('en-US')}.${(minor % 100n).toString().padStart(2, '0')}`;

export function renderPayPage(view: PageView): string {
  const t = TEXT[view.language];
  const time = new Date(view.expiresAt * 1000).toISOString().slice(11, 16);
  let body: string;
  if (view.state === 'created') {
    body = `
    <p class="muted">${fill(t.expires, { time })}</p>
    ${view.invalid ? `<p role="alert" class="alert">${escapeHtml(t.invalid)}</p>` : ''}
    <form method="post" action="/pay/${escapeHtml(view.paymentId)}/confirm">
      <label for="wallet">${escapeHtml(t.wallet)}</label>
      <input id="wallet" name="wallet" inputmode="numeric" autocomplete="off" required pattern="[0-9]{11}" maxlength="11">
      <label for="pin">${escapeHtml(t.pin)}</label>
      <input id="pin" name="pin" type="password" inputmode="numeric" required pattern="[0-9]{4,6}" maxlength="6">
      <button type="submit">${escapeHtml(t.confirm)}</button>
    </form>
    <form method="post" action="/pay/${escapeHtml(view.paymentId)}/cancel">
      <button type="submit" class="secondary">${escapeHtml(t.cancel)}</button>
    </form>`;
  } else {
    const message =
      view.state === 'expired'
        ? escapeHtml(t.expired)
        : view.state === 'failed'
          ? escapeHtml(t.failed)
          : fill(t.paid, { trx: view.trxId ?? '' });
    body = `<p role="status" class="result" data-testid="psp-result">${message}</p>`;
  }
  return `<!doctype html>
<html lang="${view.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.title)}</title>
<style>
  body { font-family: system-ui, "Noto Sans Bengali", sans-serif; background: #f6f1fa; color: #1d1027; margin: 0; }
  main { max-width: 26rem; margin: 2rem auto; background: #fff; border-radius: 1rem; padding: 1.5rem; box-shadow: 0 2px 12px #0002; }
  h1 { font-size: 1.25rem; color: #8a1550; margin: 0 0 .25rem; }
  .amount { font-size: 1.75rem; font-weight: 700; margin: .5rem 0; }
  label { display: block; font-weight: 600; margin-top: 1rem; }
  input { width: 100%; box-sizing: border-box; font-size: 1.1rem; padding: .6rem; border: 1px solid #6b5a78; border-radius: .5rem; }
  button { width: 100%; margin-top: 1rem; min-height: 2.75rem; font-size: 1rem; font-weight: 700; border: 0; border-radius: .5rem; background: #8a1550; color: #fff; }
  button.secondary { background: #fff; color: #8a1550; border: 1px solid #8a1550; }
  .muted { color: #4f4358; font-size: .9rem; }
  .alert { color: #8b0000; }
  .result { font-size: 1.05rem; line-height: 1.5; }
</style>
</head>
<body>
<main>
  <h1>${escapeHtml(t.title)}</h1>
  <p>${fill(t.pay_to, { merchant: view.merchantId })}</p>
  <p class="amount"><span class="muted">${escapeHtml(t.amount)}:</span> <span data-testid="psp-amount">${escapeHtml(money(view.amount, view.currency))}</span></p>
  ${body}
  <p class="muted">${escapeHtml(t.stand_in)}</p>
</main>
</body>
</html>`;
}
