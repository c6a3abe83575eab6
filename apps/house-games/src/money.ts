/** Minor units (a decimal string) shown with the merchant's currency: exact, no floats. */
export function formatMoney(minor: string | bigint, currency: { symbol: string; minorDigits: number }): string {
  const value = BigInt(minor);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(currency.minorDigits + 1, '0');
  const whole = digits.slice(0, digits.length - currency.minorDigits).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = currency.minorDigits > 0 ? `.${digits.slice(-currency.minorDigits)}` : '';
  return `${negative ? '−' : ''}${currency.symbol}${whole}${fraction}`;
}

/** Bets a player steps through: round multiples of the smallest bet (always whole line bets) up to the limit. */
export function betSteps(minBet: string, maxBet: string): bigint[] {
  const min = BigInt(minBet);
  const max = BigInt(maxBet);
  return [1n, 2n, 5n, 10n, 20n, 50n, 100n, 200n, 500n, 1000n].map((k) => k * min).filter((bet) => bet <= max);
}

export function clock(ms: number): string {
  const total = Math.floor(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor(total / 60) % 60)}:${pad(total % 60)}`;
}
