import { signedHeaders } from './signing.js';

export type WalletOp = 'balance' | 'debit' | 'credit' | 'rollback';

/** How the next wallet callbacks misbehave, set through the control endpoint (tests drive the failure cases). */
export type CallbackFault = 'duplicate' | 'timeout-after-commit' | 'bad-signature';

export interface OperatorCall {
  walletUrl: string;
  secret: string;
  op: WalletOp;
  body: Record<string, string>;
  fault?: CallbackFault;
}

export interface CallResult {
  /** HTTP attempts made, retries included. */
  attempts: number;
  /** 0 when no attempt got an answer (network error or timeout every time). */
  httpStatus: number;
  reply: Record<string, unknown> | null;
  /** Every answer read, in order (a duplicated call has two). */
  replies: Array<Record<string, unknown> | null>;
}

const TIMEOUT_MS = Number(process.env.TESTV_CALLBACK_TIMEOUT_MS ?? 4000);
const RETRIES = 2;
const WRONG_SECRET = 'not-the-shared-secret-not-the-shared-secret';

class DroppedAfterCommit extends Error {}

/**
 * Calls the operator's wallet the way aggregators do: signed POST, a timeout, and on a timeout, a network
 * error or a 5xx the same body again (same transaction id, fresh signature), at most RETRIES more times.
 * A 4xx or a business status is final.
 */
export async function callOperator(call: OperatorCall): Promise<CallResult> {
  const url = `${call.walletUrl.replace(/\/$/, '')}/${call.op}`;
  const raw = JSON.stringify(call.body);
  const replies: CallResult['replies'] = [];
  let attempts = 0;
  let dropNext = call.fault === 'timeout-after-commit';
  for (;;) {
    attempts += 1;
    try {
      const send = () =>
        fetch(url, {
          method: 'POST',
          headers: signedHeaders(call.fault === 'bad-signature' ? WRONG_SECRET : call.secret, raw),
          body: raw,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      const responses = call.fault === 'duplicate' && attempts === 1 ? await Promise.all([send(), send()]) : [await send()];
      const answers = await Promise.all(
        responses.map(async (response) => ({ status: response.status, body: await readJson(response) })),
      );
      if (dropNext) {
        // The operator has answered (and committed): act as if the answer never arrived, then retry.
        dropNext = false;
        throw new DroppedAfterCommit();
      }
      replies.push(...answers.map((answer) => answer.body));
      const last = answers[answers.length - 1] ?? { status: 0, body: null };
      if (last.status < 500 || attempts > RETRIES) return { attempts, httpStatus: last.status, reply: last.body, replies };
    } catch (error) {
      if (attempts > RETRIES) return { attempts, httpStatus: 0, reply: null, replies };
      if (!(error instanceof DroppedAfterCommit)) await delay(100 * attempts);
    }
  }
}

async function readJson(response: Response): Promise<Record<string, unknown> | null> {
  try {
    return (await response.json()) as Record<string, unknown>;
  } catch {
    return null;
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
