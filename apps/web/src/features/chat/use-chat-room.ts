import type { ChatMessage } from '@tessera/contract/api/chat';
import * as chatRoutes from '@tessera/contract/routes/chat';
import { CHAT_FRAMES, CHAT_IMAGE_FIELD, CHAT_VISITOR_HEADER, type ChatImageSize } from '@tessera/contract/routes/chat';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiBlob, apiRequest, apiUpload } from '../../lib/api-client';
import { type ChatFrame, ChatLink, type ChatLinkState } from '../../lib/chat-link';
import { useSession } from '../../lib/session';
import { storage } from '../../lib/storage';

const TYPING_SHOWN_MS = 4000;
const TYPING_SENT_EVERY_MS = 2000;

interface Opened {
  conversationId: string;
  visitorKey: string | null;
  state: chatRoutes.ChatState;
  onDuty: boolean;
}

const byId = (a: ChatMessage, b: ChatMessage) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1);

/**
 * The player's chat: opens (or resumes) it, keeps the socket, holds the messages by id (a reconnection catches up
 * from the last one and may repeat one: kept once), the staff's typing and how far the staff have read.
 */
export function useChatRoom() {
  const token = useSession((state) => state.token);
  const merchant = useSession((state) => state.merchant);
  const [opened, setOpened] = useState<Opened | null>(null);
  const [failed, setFailed] = useState<unknown>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [link, setLink] = useState<ChatLinkState>('connecting');
  const [staffTyping, setStaffTyping] = useState(false);
  const [staffReadId, setStaffReadId] = useState('0');
  const lastId = useRef('0');
  const linkRef = useRef<ChatLink | null>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastTypingSent = useRef(0);

  const add = useCallback((incoming: ChatMessage[]) => {
    setMessages((current) => {
      const seen = new Set(current.map((message) => message.id));
      const fresh = incoming.filter((message) => !seen.has(message.id));
      if (fresh.length === 0) return current;
      const next = [...current, ...fresh].sort(byId);
      lastId.current = next[next.length - 1]?.id ?? lastId.current;
      return next;
    });
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    setOpened(null);
    setMessages([]);
    lastId.current = '0';
    // A member sends the key of the chat they had here as a visitor: that chat becomes theirs, and the key is dropped.
    const visitorKey = storage.get('chatVisitor') ?? undefined;
    apiRequest(chatRoutes.openChat, { body: visitorKey ? { visitorKey } : {}, signal: controller.signal })
      .then((answer) => {
        if (answer.visitorKey) storage.set('chatVisitor', answer.visitorKey);
        else if (token) storage.remove('chatVisitor');
        setStaffReadId(answer.staffReadId);
        setOpened(answer);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setFailed(error);
      });
    return () => controller.abort();
  }, [token]);

  useEffect(() => {
    if (!opened) return;
    const chatLink = new ChatLink({
      origin: window.location.origin,
      hello: () => ({
        role: 'player',
        merchant: merchant ?? undefined,
        token: token ?? undefined,
        visitorKey: opened.visitorKey ?? undefined,
        conversationId: opened.conversationId,
        after: lastId.current,
      }),
      onState: setLink,
      onFrame: (frame: ChatFrame) => {
        if (frame.type === CHAT_FRAMES.message) {
          add([frame.message as ChatMessage]);
          if ((frame.message as ChatMessage).sender === 'staff') setStaffTyping(false);
        } else if (frame.type === CHAT_FRAMES.typing) {
          setStaffTyping(true);
          if (typingTimer.current) clearTimeout(typingTimer.current);
          typingTimer.current = setTimeout(() => setStaffTyping(false), TYPING_SHOWN_MS);
        } else if (frame.type === CHAT_FRAMES.read && frame.by === 'staff') {
          setStaffReadId(String(frame.upToId));
        }
      },
    });
    linkRef.current = chatLink;
    chatLink.start();
    return () => {
      chatLink.stop();
      linkRef.current = null;
      if (typingTimer.current) clearTimeout(typingTimer.current);
    };
  }, [opened, token, merchant, add]);

  const send = useCallback(
    async (body: string) => {
      if (!opened) return;
      const message = await apiRequest(chatRoutes.sendChat, {
        body: { conversationId: opened.conversationId, visitorKey: opened.visitorKey ?? undefined, body },
      });
      add([message]);
    },
    [opened, add],
  );

  const sendImage = useCallback(
    async (file: File) => {
      if (!opened) return;
      const form = new FormData();
      form.append(CHAT_IMAGE_FIELD, file);
      const message = await apiUpload(chatRoutes.sendChatImage, form, {
        query: { conversationId: opened.conversationId },
        headers: opened.visitorKey ? { [CHAT_VISITOR_HEADER]: opened.visitorKey } : undefined,
      });
      add([message]);
    },
    [opened, add],
  );

  /** A picture of this chat, fetched with the member's token or the visitor's key (it is served to no one else). */
  const loadImage = useCallback(
    (messageId: string, size: ChatImageSize, signal: AbortSignal) => {
      if (!opened) return Promise.reject(new Error('no chat'));
      return apiBlob(chatRoutes.chatImage, {
        query: { conversationId: opened.conversationId, messageId, size },
        headers: opened.visitorKey ? { [CHAT_VISITOR_HEADER]: opened.visitorKey } : undefined,
        signal,
      });
    },
    [opened],
  );

  const typing = useCallback(() => {
    const now = Date.now();
    if (now - lastTypingSent.current < TYPING_SENT_EVERY_MS) return;
    lastTypingSent.current = now;
    linkRef.current?.send({ type: CHAT_FRAMES.typing });
  }, []);

  const lastStaffId = [...messages].reverse().find((message) => message.sender === 'staff')?.id;
  const reported = useRef('0');
  useEffect(() => {
    if (!opened || !lastStaffId || BigInt(lastStaffId) <= BigInt(reported.current)) return;
    reported.current = lastStaffId;
    apiRequest(chatRoutes.readChat, {
      body: { conversationId: opened.conversationId, visitorKey: opened.visitorKey ?? undefined, upToId: lastStaffId },
    }).catch(() => undefined);
  }, [opened, lastStaffId]);

  return { opened, failed, messages, link, staffTyping, staffReadId, send, sendImage, loadImage, typing };
}
