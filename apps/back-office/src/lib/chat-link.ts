import { CHAT_FRAMES, CHAT_SOCKET_PATH } from '@tessera/contract/routes/chat';

/** A frame the server sends on the chat socket. */
export type ChatFrame = { type: string; [key: string]: unknown };
export type ChatLinkState = 'connecting' | 'ready' | 'offline' | 'refused';

export interface ChatLinkOptions {
  /** The page's origin (`location.origin`): the socket is on the same host. */
  origin: string;
  /** The hello frame's fields, read at each (re)connection so that `after` names the last message held. */
  hello: () => Record<string, unknown>;
  onFrame: (frame: ChatFrame) => void;
  onState: (state: ChatLinkState) => void;
}

const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 15_000;

/**
 * The chat WebSocket of a browser (the player's chat room and the staff console): says hello on every connection
 * with the last message id held, so a reconnection catches up and loses nothing, and reconnects with a growing
 * pause until stopped. A refusal (a stale session, a chat not the client's) ends it.
 */
export class ChatLink {
  private socket: WebSocket | null = null;
  private retryMs = RETRY_FIRST_MS;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(private readonly options: ChatLinkOptions) {}

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.socket?.close(1000);
    this.socket = null;
  }

  send(frame: Record<string, unknown>): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  private connect() {
    if (this.stopped) return;
    this.options.onState('connecting');
    const socket = new WebSocket(`${this.options.origin.replace(/^http/, 'ws')}${CHAT_SOCKET_PATH}`);
    this.socket = socket;
    let refused = false;
    socket.onopen = () => socket.send(JSON.stringify({ type: CHAT_FRAMES.hello, ...this.options.hello() }));
    socket.onmessage = (event) => {
      let frame: ChatFrame;
      try {
        frame = JSON.parse(String(event.data)) as ChatFrame;
      } catch {
        return;
      }
      if (frame.type === CHAT_FRAMES.ready) {
        this.retryMs = RETRY_FIRST_MS;
        this.options.onState('ready');
      }
      if (frame.type === CHAT_FRAMES.refused) refused = true;
      this.options.onFrame(frame);
    };
    socket.onclose = () => {
      if (this.socket !== socket || this.stopped) return;
      this.socket = null;
      if (refused) {
        this.options.onState('refused');
        return;
      }
      this.options.onState('offline');
      this.timer = setTimeout(() => this.connect(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
    };
  }
}
