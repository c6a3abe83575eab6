import { randomInt, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createStandInServer, type Json, parseJson, send, sendHtml } from '@tessera/stand-in/http-server';
import { isLanguage, type Language, type Outcome, renderGamePage, STAKES_MINOR } from './game-page.js';
import { type CallbackFault, type CallResult, callOperator, type WalletOp } from './operator-client.js';
import { isSigned } from './signing.js';

export interface TestVendorOptions {
  /** The secret shared with the operator (VENDOR_TESTV_SECRET on the operator's side). */
  secret: string;
  host?: string;
  port?: number;
  /** Wallet callback base URL for operators not registered through /control/operators. */
  defaultWalletUrl?: string;
}

interface Session {
  operatorId: string;
  playerId: string;
  gameCode: string;
  currency: string;
  language: Language;
  walletMode: 'seamless' | 'transfer';
}

interface TransferRecord {
  kind: 'deposit' | 'withdraw';
  playerId: string;
  amount: string;
  state: 'done' | 'refused';
  balance: string;
}

/**
 * TESTV, a stand-in third-party vendor (DESIGN §7: a test double for a party we cannot run here, speaking
 * the real protocol). Serves a launch API and a coin-flip game page, calls the operator's signed wallet
 * callbacks in seamless mode, keeps its own balance per player in transfer mode, and misbehaves on demand.
 */
export function createTestVendor(options: TestVendorOptions) {
  const operators = new Map<string, string>();
  const sessions = new Map<string, Session>();
  const balances = new Map<string, bigint>();
  const transfers = new Map<string, TransferRecord>();
  let callbackFault: { fault: CallbackFault; remaining: number } | null = null;
  let hangRemaining = 0;

  const walletUrlOf = (operatorId: string) => operators.get(operatorId) ?? options.defaultWalletUrl;
  const nextFault = (): CallbackFault | undefined => {
    if (!callbackFault || callbackFault.remaining <= 0) return undefined;
    callbackFault.remaining -= 1;
    return callbackFault.fault;
  };

  async function wallet(op: WalletOp, body: Record<string, string>, fault = nextFault()): Promise<CallResult> {
    const walletUrl = walletUrlOf(body.operatorId ?? '');
    if (!walletUrl) return { attempts: 0, httpStatus: 0, reply: { status: 'UNKNOWN_OPERATOR' }, replies: [] };
    return callOperator({ walletUrl, secret: options.secret, op, body: { requestId: randomUUID(), ...body }, fault });
  }

  /** One seamless round: bet, flip, settle; a bet whose answer never came is rolled back, as aggregators do. */
  async function playSeamless(session: Session, stake: bigint, pick: Outcome['side']) {
    const roundId = randomUUID();
    const base = { operatorId: session.operatorId, playerId: session.playerId, roundId, gameCode: session.gameCode };
    const bet = await wallet('debit', { ...base, txId: `${roundId}:bet`, amount: stake.toString() });
    if (bet.reply?.status !== 'OK') {
      if (bet.httpStatus === 0 || bet.httpStatus >= 500) {
        await wallet('rollback', { ...base, txId: `${roundId}:rollback`, refTxId: `${roundId}:bet` });
      }
      return { refusedStatus: String(bet.reply?.status ?? 'NO_ANSWER') };
    }
    const outcome = flip(stake, pick);
    const win = await wallet('credit', { ...base, txId: `${roundId}:win`, amount: outcome.winMinor.toString() });
    return { outcome, balance: win.reply?.status === 'OK' ? BigInt(String(win.reply.balance)) : null };
  }

  function playTransfer(session: Session, stake: bigint, pick: Outcome['side']) {
    const key = `${session.operatorId}:${session.playerId}`;
    const balance = balances.get(key) ?? 0n;
    if (balance < stake) return { refusedStatus: 'INSUFFICIENT_FUNDS', balance };
    const outcome = flip(stake, pick);
    const after = balance - stake + outcome.winMinor;
    balances.set(key, after);
    return { outcome, balance: after };
  }

  /** Transfer mode, idempotent by the operator's transfer id: a repeat answers the first result. */
  function applyTransfer(kind: TransferRecord['kind'], body: Json): Json {
    const operatorId = String(body.operatorId ?? '');
    const playerId = String(body.playerId ?? '');
    const transferId = String(body.transferId ?? '');
    const amount = parseAmount(body.amount);
    if (!operatorId || !playerId || !transferId || amount === null || amount <= 0n) return { status: 'INVALID_REQUEST' };
    const known = transfers.get(`${operatorId}:${transferId}`);
    if (known) {
      const same = known.kind === kind && known.playerId === playerId && known.amount === amount.toString();
      return same
        ? { status: known.state === 'done' ? 'OK' : 'INSUFFICIENT_FUNDS', balance: known.balance }
        : { status: 'TX_CONFLICT' };
    }
    const key = `${operatorId}:${playerId}`;
    const balance = balances.get(key) ?? 0n;
    const refused = kind === 'withdraw' && balance < amount;
    const after = refused ? balance : kind === 'deposit' ? balance + amount : balance - amount;
    balances.set(key, after);
    const record: TransferRecord = {
      kind,
      playerId,
      amount: amount.toString(),
      state: refused ? 'refused' : 'done',
      balance: after.toString(),
    };
    transfers.set(`${operatorId}:${transferId}`, record);
    return { status: refused ? 'INSUFFICIENT_FUNDS' : 'OK', balance: record.balance };
  }

  async function route(request: IncomingMessage, response: ServerResponse, raw: string) {
    const url = new URL(request.url ?? '/', 'http://testv');
    const path = `${request.method} ${url.pathname}`;
    if (path === 'GET /health') return send(response, 200, { status: 'OK' });
    if (path === 'GET /game') {
      const session = sessions.get(url.searchParams.get('session') ?? '');
      if (!session) return send(response, 404, { status: 'SESSION_NOT_FOUND' });
      return sendHtml(response, 200, await pageFor(url.searchParams.get('session') ?? '', session));
    }
    if (path === 'POST /game/flip') {
      const form = new URLSearchParams(raw);
      const token = form.get('session') ?? '';
      const session = sessions.get(token);
      const stake = STAKES_MINOR.find((s) => s.toString() === form.get('stake'));
      const pick = form.get('pick');
      if (!session || stake === undefined || (pick !== 'heads' && pick !== 'tails'))
        return send(response, 400, { status: 'INVALID_REQUEST' });
      const played =
        session.walletMode === 'transfer' ? playTransfer(session, stake, pick) : await playSeamless(session, stake, pick);
      const balance = played.balance ?? (await pageBalance(session));
      return sendHtml(
        response,
        200,
        renderGamePage({
          session: token,
          language: session.language,
          currency: session.currency,
          balanceMinor: balance,
          ...played,
        }),
      );
    }
    if (url.pathname.startsWith('/control/')) return control(url.pathname, parseJson(raw), response);
    if (url.pathname.startsWith('/api/')) {
      if (!isSigned(options.secret, request.headers, raw)) return send(response, 401, { status: 'INVALID_SIGNATURE' });
      const body = parseJson(raw);
      if (!body) return send(response, 400, { status: 'INVALID_REQUEST' });
      if (hangRemaining > 0 && url.pathname.startsWith('/api/transfer/') && url.pathname !== '/api/transfer/status') {
        // Apply, then never answer: the operator's call times out after the vendor committed.
        hangRemaining -= 1;
        applyApi(url.pathname, body);
        return;
      }
      const answer = applyApi(url.pathname, body);
      return answer ? send(response, 200, answer) : send(response, 404, { status: 'NOT_FOUND' });
    }
    return send(response, 404, { status: 'NOT_FOUND' });
  }

  function applyApi(pathname: string, body: Json): Json | null {
    switch (pathname) {
      case '/api/launch': {
        const walletMode = body.walletMode === 'transfer' ? 'transfer' : 'seamless';
        const language = String(body.language ?? 'en');
        const session: Session = {
          operatorId: String(body.operatorId ?? ''),
          playerId: String(body.playerId ?? ''),
          gameCode: String(body.gameCode ?? ''),
          currency: String(body.currency ?? ''),
          language: isLanguage(language) ? language : 'en',
          walletMode,
        };
        if (!session.operatorId || !session.playerId || !session.gameCode) return { status: 'INVALID_REQUEST' };
        const token = randomUUID();
        sessions.set(token, session);
        return { status: 'OK', url: `${baseUrl()}/game?session=${token}` };
      }
      case '/api/transfer/deposit':
        return applyTransfer('deposit', body);
      case '/api/transfer/withdraw':
        return applyTransfer('withdraw', body);
      case '/api/transfer/status': {
        const known = transfers.get(`${String(body.operatorId)}:${String(body.transferId)}`);
        return known ? { status: 'OK', transfer: known } : { status: 'TX_NOT_FOUND' };
      }
      case '/api/transfer/balance':
        return { status: 'OK', balance: (balances.get(`${String(body.operatorId)}:${String(body.playerId)}`) ?? 0n).toString() };
      default:
        return null;
    }
  }

  /** Test and demo controls: register an operator's wallet URL, arm a fault, or make one wallet call now. */
  async function control(pathname: string, body: Json | null, response: ServerResponse) {
    if (!body) return send(response, 400, { status: 'INVALID_REQUEST' });
    if (pathname === '/control/operators') {
      operators.set(String(body.operatorId), String(body.walletUrl));
      return send(response, 200, { status: 'OK' });
    }
    if (pathname === '/control/fault') {
      const times = Number(body.times ?? 1);
      if (body.fault === 'hang') hangRemaining = times;
      else if (body.fault === 'none') [callbackFault, hangRemaining] = [null, 0];
      else callbackFault = { fault: body.fault as CallbackFault, remaining: times };
      return send(response, 200, { status: 'OK' });
    }
    if (pathname === '/control/call') {
      const { op, fault, ...fields } = body;
      const strings = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]));
      const result = await wallet(op as WalletOp, strings, (fault as CallbackFault | undefined) ?? nextFault());
      return send(response, 200, result);
    }
    return send(response, 404, { status: 'NOT_FOUND' });
  }

  async function pageBalance(session: Session): Promise<bigint | null> {
    if (session.walletMode === 'transfer') return balances.get(`${session.operatorId}:${session.playerId}`) ?? 0n;
    const answer = await wallet('balance', { operatorId: session.operatorId, playerId: session.playerId }, undefined);
    return answer.reply?.status === 'OK' ? BigInt(String(answer.reply.balance)) : null;
  }

  async function pageFor(token: string, session: Session) {
    return renderGamePage({
      session: token,
      language: session.language,
      currency: session.currency,
      balanceMinor: await pageBalance(session),
    });
  }

  const server = createStandInServer(options, route);
  const baseUrl = server.baseUrl;
  return { listen: server.listen, close: server.close };
}

function flip(stake: bigint, pick: Outcome['side']): Outcome {
  const side = randomInt(2) === 0 ? 'heads' : 'tails';
  return { side, winMinor: side === pick ? stake * 2n : 0n };
}

function parseAmount(value: unknown): bigint | null {
  return typeof value === 'string' && /^[0-9]{1,18}$/.test(value) ? BigInt(value) : null;
}
