import multipart from '@fastify/multipart';
import * as api from '@tessera/contract/api/chat';
import {
  CHAT_FRAMES,
  CHAT_IMAGE_SIZES,
  CHAT_SOCKET_PATH,
  CHAT_VISITOR_HEADER,
  type ChatImageSize,
  chatImage,
  consoleImage,
} from '@tessera/contract/routes/chat';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { HttpContext } from '../../http/http-context.js';
import { callGuards, registerCall } from '../../http/register-call.js';
import { optionalMemberOf, staffOf } from '../../http/request-context.js';
import { AppError } from '../../platform/app-error.js';
import type { ChatHub, ChatSocket } from './hub.js';
import { CHAT_IMAGE_MULTIPART_OPTIONS, readChatImage } from './image-form.js';
import type { ChatParty, ChatService, OpeningParty } from './service.js';

const HELLO_WITHIN_MS = 10_000;
const TYPING_EVERY_MS = 1_500;
const MERCHANT = /^[A-Za-z0-9_]{2,32}$/;
const DECIMAL = /^[0-9]{1,19}$/;
const VISITOR_KEY = /^[A-Za-z0-9_-]{32,64}$/;
const CONSOLE_PERMISSION = 'players.manage';

/** The player's side: a member by their session, else a visitor by the key they send. */
function partyOf(request: FastifyRequest, visitorKey: string | undefined): ChatParty {
  const memberId = optionalMemberOf(request);
  if (memberId !== null) return { memberId };
  if (!visitorKey) throw new AppError('chat.not.found');
  return { visitorKey };
}

function visitorKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers[CHAT_VISITOR_HEADER];
  return typeof key === 'string' && VISITOR_KEY.test(key) ? key : undefined;
}

function imageQuery(query: Record<string, string>, idName: 'conversationId' | 'id') {
  const conversationId = decimal(query[idName]);
  const messageId = decimal(query.messageId);
  const size = query.size as ChatImageSize;
  if (conversationId === null || messageId === null || !CHAT_IMAGE_SIZES.includes(size)) throw new AppError('request.invalid');
  return { conversationId, messageId, size };
}

/**
 * A picture for the page that fetched it with its credentials: never cached (the address names no party), and a
 * policy of its own refusing anything but the picture, in case a browser is ever led to open it as a page.
 */
function sendImage(reply: FastifyReply, data: Buffer) {
  return reply
    .type('image/webp')
    .header('cache-control', 'no-store')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cross-origin-resource-policy', 'same-origin')
    .send(data);
}

/** The chat calls of players and of the back office's console, and the WebSocket both sides read. */
export function chatRoutes(app: FastifyInstance, http: HttpContext, { chat, chatHub }: { chat: ChatService; chatHub: ChatHub }) {
  registerCall(app, http, api.openChat, async (request) => {
    const memberId = optionalMemberOf(request);
    const { visitorKey } = request.body;
    const party: OpeningParty = memberId !== null ? { memberId, visitorKey } : { visitorKey };
    return chat.open(request.merchantCode, party, { name: request.body.name, ip: request.ip });
  });
  registerCall(app, http, api.sendChat, async (request) =>
    chat.send(
      request.merchantCode,
      partyOf(request, request.body.visitorKey),
      BigInt(request.body.conversationId),
      request.body.body.trim(),
    ),
  );
  app.register(async (scope) => {
    await scope.register(multipart, CHAT_IMAGE_MULTIPART_OPTIONS);
    // The token (a member's or staff's) is checked on request: a stranger's upload is never parsed. A visitor's key
    // is checked before the body is read too.
    registerCall(scope, http, api.sendChatImage, async (request) => {
      const party = partyOf(request, visitorKeyOf(request));
      const conversationId = BigInt(request.query.conversationId);
      await chat.ownedBy(request.merchantCode, party, conversationId);
      return chat.sendImage(request.merchantCode, party, conversationId, await readChatImage(request));
    });
    registerCall(scope, http, api.consoleSendImage, async (request) => {
      const id = BigInt(request.query.id);
      await chat.consoleRow(request.merchantCode, id);
      return chat.staffSendImage(request.merchantCode, id, staffOf(request).name, await readChatImage(request));
    });
  });
  app.get<{ Querystring: Record<string, string> }>(
    chatImage.path,
    {
      onRequest: callGuards(http, chatImage),
      schema: { tags: ['chat'], summary: "A chat picture's WebP bytes, for the chat's member or visitor" },
    },
    async (request, reply) => {
      const { conversationId, messageId, size } = imageQuery(request.query, 'conversationId');
      const party = partyOf(request, visitorKeyOf(request));
      return sendImage(reply, await chat.image(request.merchantCode, party, conversationId, messageId, size));
    },
  );
  app.get<{ Querystring: Record<string, string> }>(
    consoleImage.path,
    {
      onRequest: callGuards(http, consoleImage),
      schema: { tags: ['back-office'], summary: "A chat picture's WebP bytes, for support staff" },
    },
    async (request, reply) => {
      const { conversationId, messageId, size } = imageQuery(request.query, 'id');
      return sendImage(reply, await chat.consoleImage(request.merchantCode, conversationId, messageId, size));
    },
  );
  registerCall(app, http, api.readChat, async (request) => {
    const { conversationId, visitorKey, upToId } = request.body;
    await chat.playerRead(request.merchantCode, partyOf(request, visitorKey), BigInt(conversationId), BigInt(upToId));
    return null;
  });

  registerCall(app, http, api.consoleList, async (request) => chat.list(request.merchantCode, request.query));
  registerCall(app, http, api.consoleTranscript, async (request) =>
    chat.transcript(request.merchantCode, BigInt(request.query.id)),
  );
  registerCall(app, http, api.consoleAssign, async (request) =>
    chat.assign(request.merchantCode, BigInt(request.body.id), staffOf(request).name),
  );
  registerCall(app, http, api.consoleSend, async (request) =>
    chat.staffSend(request.merchantCode, BigInt(request.body.id), staffOf(request).name, request.body.body.trim()),
  );
  registerCall(app, http, api.consoleRead, async (request) => {
    await chat.staffRead(request.merchantCode, BigInt(request.body.id), BigInt(request.body.upToId));
    return null;
  });
  registerCall(app, http, api.consoleClose, async (request) => {
    await chat.close(request.merchantCode, BigInt(request.body.id));
    return null;
  });
  registerCall(app, http, api.consoleDuty, async (request) => ({
    onDuty: await chat.duty(request.merchantCode, staffOf(request).name, request.body.onDuty),
  }));
  registerCall(app, http, api.cannedList, async (request) => chat.canned(request.merchantCode));
  registerCall(app, http, api.cannedAdd, async (request) =>
    chat.addCanned(request.merchantCode, request.body, staffOf(request).name),
  );

  app.get(CHAT_SOCKET_PATH, { websocket: true }, (socket, request) => {
    new SocketSession(socket, request.merchantCode, { chat, hub: chatHub, http, log: request.log }).start();
  });
}

type Frame = Record<string, unknown>;

/**
 * One chat socket: the first frame (`hello`, within ten seconds) proves who it is — a member's token, a visitor's
 * key, or a staff token with the console's permission — and names the last message id the client holds; tokens
 * travel in a frame, never in the URL, where logs would keep them.
 */
class SocketSession {
  private stopConsole: (() => void) | null = null;
  private stopWatching: (() => void) | null = null;
  private role: 'player' | 'staff' | null = null;
  private typing: { conversationId: bigint; side: 'player' | 'staff' } | null = null;
  private lastTyping = 0;
  private greeted = false;
  private readonly out: ChatSocket;

  constructor(
    private readonly socket: WebSocket,
    private merchant: string,
    private readonly deps: { chat: ChatService; hub: ChatHub; http: HttpContext; log: FastifyRequest['log'] },
  ) {
    this.out = {
      send: (frame) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
      },
      end: () => socket.close(1012, 'reconnect'),
    };
  }

  start() {
    const timer = setTimeout(() => this.refuse('hello'), HELLO_WITHIN_MS);
    this.socket.on('close', () => {
      clearTimeout(timer);
      this.stopConsole?.();
      this.stopWatching?.();
    });
    this.socket.on('message', (data) => {
      clearTimeout(timer);
      this.handle(data.toString()).catch((error: unknown) => {
        if (error instanceof AppError) this.refuse(error.code);
        else {
          this.deps.log.error({ err: error }, 'chat socket frame failed');
          this.refuse('error');
        }
      });
    });
  }

  private refuse(reason: string) {
    this.out.send({ type: CHAT_FRAMES.refused, reason });
    this.socket.close(4000, reason.slice(0, 100));
  }

  private async handle(text: string) {
    let frame: Frame;
    try {
      frame = JSON.parse(text) as Frame;
    } catch {
      return this.refuse('frame');
    }
    if (frame.type === CHAT_FRAMES.hello && !this.greeted) return this.hello(frame);
    if (!this.greeted) return this.refuse('hello');
    if (frame.type === CHAT_FRAMES.typing) return this.sendTyping();
    if (frame.type === CHAT_FRAMES.watch && this.role === 'staff') return this.watchAsStaff(frame);
  }

  private async hello(frame: Frame) {
    this.greeted = true;
    if (typeof frame.merchant === 'string' && MERCHANT.test(frame.merchant)) this.merchant = frame.merchant;
    const token = typeof frame.token === 'string' ? frame.token : '';
    if (frame.role === 'staff') {
      const staff = token ? await this.deps.http.verifyStaffToken(token) : null;
      if (!staff?.permissions.includes(CONSOLE_PERMISSION)) return this.refuse('staff');
      this.role = 'staff';
      this.stopConsole = this.deps.hub.addConsole(this.out, this.merchant);
      this.out.send({ type: CHAT_FRAMES.ready });
      return;
    }
    const conversationId = decimal(frame.conversationId);
    if (conversationId === null) return this.refuse('hello');
    let party: ChatParty;
    if (token) {
      const session = await this.deps.http.verifyToken(token, this.merchant);
      if (!session) return this.refuse('session');
      party = { memberId: session.memberId };
    } else if (typeof frame.visitorKey === 'string' && VISITOR_KEY.test(frame.visitorKey)) {
      party = { visitorKey: frame.visitorKey };
    } else {
      return this.refuse('hello');
    }
    await this.deps.chat.ownedBy(this.merchant, party, conversationId);
    this.role = 'player';
    this.typing = { conversationId, side: 'player' };
    this.out.send({ type: CHAT_FRAMES.ready });
    this.stopWatching = await this.deps.hub.watch(this.out, this.merchant, conversationId, 'player', decimal(frame.after) ?? 0n);
  }

  /** The console shows one chat at a time: watching another stops watching the last. */
  private async watchAsStaff(frame: Frame) {
    const conversationId = decimal(frame.conversationId);
    if (conversationId === null) return;
    this.stopWatching?.();
    this.stopWatching = null;
    this.typing = { conversationId, side: 'staff' };
    this.stopWatching = await this.deps.hub.watch(this.out, this.merchant, conversationId, 'staff', decimal(frame.after) ?? 0n);
  }

  private async sendTyping() {
    const now = Date.now();
    if (!this.typing || now - this.lastTyping < TYPING_EVERY_MS) return;
    this.lastTyping = now;
    await this.deps.chat.typing(this.merchant, this.typing.conversationId, this.typing.side);
  }
}

function decimal(value: unknown): bigint | null {
  return typeof value === 'string' && DECIMAL.test(value) ? BigInt(value) : null;
}
