import type { SmsMessage, SmsProvider } from './service.js';

const SEND_TIMEOUT_MS = 10_000;

/**
 * SMS through an HTTP gateway (`SMS_HTTP_URL`): one `POST` of `{ to, text, merchant }` as JSON, with
 * `Authorization: Bearer <SMS_HTTP_TOKEN>` when a token is set. `to` is "+", the dial code and the number as the
 * player typed it (a national trunk 0 included: "+88001712345678"), as the outbox shows it; the gateway or its
 * adapter brings it to E.164. Any 2xx is sent; anything else, or no answer within 10 s, throws.
 */
export class HttpSmsProvider implements SmsProvider {
  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: JSON.stringify({ to: `+${message.to}`, text: message.text, merchant: message.merchantCode }),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
  }
}
